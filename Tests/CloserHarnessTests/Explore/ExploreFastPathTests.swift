// The explore hot path's fast paths against the plain code (specs/explore.md §"Performance"):
// the in-process reference answering the request value directly must answer exactly what it
// answers through the request line, over every generator and many seeds; the case stream is
// xoshiro256** (checked against the published reference sequence) seeded as the page says
// (checked against words computed with Python's hashlib and an independent xoshiro256**).

import CloserHarness
import CloserWire
import ProfileRegistry
import XCTest

final class ExploreFastPathTests: XCTestCase {
    func testDirectReferenceAnswersAsTheLineDoesOverManySeeds() throws {
        let reference = ExploreReference()
        let generators = AppProfiles.exploreGenerators
        var compared = 0
        for seed in UInt64(1)...6 {
            for i in 0..<(generators.count * 25) {
                let c = generators[i % generators.count].generate(
                    index: i, random: ExploreRandom(seed: seed, index: i), reference: reference)
                let direct = reference.response(c.op, c.input)
                let line = reference.responseThroughLine(c.op, c.input)
                XCTAssertEqual(
                    try CanonicalJSON.serialize(direct), try CanonicalJSON.serialize(line),
                    "seed \(seed) case \(i) \(c.op) \(c.mutation)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1000)
    }

    func testValuesTheLineWouldChangeTakeTheLine() {
        // A NaN cannot be encoded: the line path's answer (null) stands, not the server's.
        let reference = ExploreReference()
        let input: [String: JSONValue] = ["profile": .string("b64"), "bytes": .number(.nan)]
        XCTAssertEqual(reference.response("encoding.encode", input), .null)
        XCTAssertEqual(reference.responseThroughLine("encoding.encode", input), .null)
    }

    func testXoshiro256StarStarReferenceSequence() {
        // State {1, 2, 3, 4}: the first ten outputs of Vigna's xoshiro256starstar.c (as
        // rand_xoshiro's tests list them).
        let stream = ExploreStream(state: (1, 2, 3, 4))
        let expected: [UInt64] = [
            11520, 0, 1_509_978_240, 1_215_971_899_390_074_240, 1_216_172_134_540_287_360,
            607_988_272_756_665_600, 16_172_922_978_634_559_625, 8_476_171_486_693_032_832,
            10_595_114_339_597_558_777, 2_904_607_092_377_533_576,
        ]
        XCTAssertEqual((0..<10).map { _ in stream.next() }, expected)
    }

    func testCaseStreamIsSeededAsThePageSays() {
        // SHA-256("closer-spec explore v2 1 0") as four little-endian words, then xoshiro256**
        // (computed with Python: hashlib and a separate xoshiro256**; specs/explore.md §Determinism).
        let words = ExploreStream(seed: Array("closer-spec explore v2 1 0".utf8))
        XCTAssertEqual(
            (0..<3).map { _ in words.next() },
            [0x36ac_09a4_644f_4317, 0x25e3_ef66_fd88_7dfd, 0x47fa_88d0_2d01_d448])
        let r = ExploreRandom(seed: 1, index: 0)
        XCTAssertEqual(Hex.encode(r.bytes(13)), "17434f64a409ac36fd7d88fd66")
    }
}
