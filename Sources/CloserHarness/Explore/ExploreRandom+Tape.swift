// Guided explore's randomness: a case drawn from a byte string (the tape) that a coverage-guided
// fuzzer mutates, instead of from the seed and case number. Normative: specs/explore.md §"Guided".

extension ExploreRandom {
    /// The draws of `tape`: its 8-byte little-endian words first, then a stream seeded by the tape
    /// (ExploreStream.init(tape:)), so every byte string is a case and a longer tape fixes more draws.
    package init(tape: [UInt8]) { source = ExploreStream(tape: tape) }
}
