// Member ids as PayBack's and FitLink's generators draw them (UUIDs from a small pool, so ids
// repeat in either case, and spellings that are not UUIDs): shared by two profiles' generators,
// so the core's. Normative: specs/explore.md §"Generators".

import CloserWire

extension ExploreRandom {
    /// A UUID from a small pool (so ids repeat, in either case), or (`mutate`%) a text that is not one.
    package func memberID(mutate: Int = 3) -> String {
        let pool = [
            "c56a4180-65aa-42ec-a945-5fd21dec0538", "7d444840-9dc0-41b5-8c4d-2c5a2b0d1e6f",
            "9b2f0c4e-1d3a-4c5b-8e7f-0a1b2c3d4e5f", "00000000-0000-4000-8000-000000000001",
            "ffffffff-ffff-ffff-ffff-ffffffffffff", "00000000-0000-0000-0000-000000000000",
        ]
        let hex = Hex.encode(bytes(16))
        var id =
            chance(60)
            ? pick(pool)
            : [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { r in
                String(hex.dropFirst(r.lowerBound).prefix(r.count))
            }.joined(separator: "-")
        if chance(20) { id = id.uppercased() }
        guard chance(mutate) else { return id }
        return pick([
            id.replacingOccurrences(of: "-", with: ""), "{" + id + "}", String(id.dropLast()), id + "0", " " + id,
            String(id.dropLast()) + "g", "friend", "", id.replacingOccurrences(of: "a", with: "ａ"),
            String(id.dropLast()) + "٣", id.replacingOccurrences(of: "-", with: "_"),
        ])
    }
}
