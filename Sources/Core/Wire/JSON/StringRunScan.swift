// Skipping the plain bytes of a JSON string eight at a time: the scan the direct canonicalizer
// and `CanonicalObjectMembers` share (specs/canonical-json.md §8).

/// Word-at-a-time skipping over string bytes that need no attention.
enum StringRunScan {
    /// From `start`, skips whole eight-byte words in which no byte is `"` or `\` (nor, with
    /// `stopAtControls`, below 0x20) and returns where byte-by-byte reading must resume. The
    /// test may flag a word without such a byte (a borrow from a flagged byte), never the other
    /// way round, so the flags decide only speed.
    static func skipPlainWords(_ raw: UnsafeRawBufferPointer, from start: Int, stopAtControls: Bool) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = start
        while i + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            var flags = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
            if stopAtControls { flags |= (word &- ones &* 0x20) & ~word }
            if flags & highs != 0 { return i }
            i += 8
        }
        return i
    }
}
