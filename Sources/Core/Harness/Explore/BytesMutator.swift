// Mutations of binary layers: a bit flipped in a chosen region (IV, tag, KEM point, body), bytes
// truncated or appended. Normative: specs/explore.md §"Mutations".

extension ExploreRandom {
    /// `bytes` with one bit flipped in `region` (the whole array when nil).
    package func flipBit(_ bytes: [UInt8], in region: Range<Int>? = nil) -> [UInt8] {
        let r = region.map { $0.clamped(to: 0..<bytes.count) } ?? 0..<bytes.count
        guard !r.isEmpty else { return bytes + [0] }
        var out = bytes
        out[r.lowerBound + below(r.count)] ^= UInt8(1) << UInt8(below(8))
        return out
    }

    /// `bytes` cut to a random shorter length, or with bytes appended.
    package func resize(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.isEmpty || chance(30) { return bytes + self.bytes(1 + below(4)) }
        return Array(bytes.prefix(below(bytes.count)))
    }
}
