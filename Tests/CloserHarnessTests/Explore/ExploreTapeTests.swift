// Guided explore's tape (specs/explore.md §"Guided" step 2): a stream reads the tape's 8-byte
// little-endian words first (a short last word zero-padded), then xoshiro256** seeded with SHA-256
// of "closer-spec explore guided v1 " followed by the tape. The expected words were computed with
// Python's hashlib, struct and a separate xoshiro256**, not with this code.

import CloserHarness
import XCTest

final class ExploreTapeTests: XCTestCase {
    func testTheTapesWordsComeFirstThenTheTapeSeededStream() {
        let stream = ExploreStream(tape: Array(1...11))
        let words = (0..<5).map { _ in stream.next() }
        XCTAssertEqual(
            words,
            [0x0807_0605_0403_0201, 0x0b_0a09, 0x187c_ae6c_583d_bb8f, 0x131e_31ed_c73e_e3a1, 0x4dc0_cabb_c358_07f7])
    }

    func testAnEmptyTapeIsTheStreamOfTheBarePrefix() {
        let stream = ExploreStream(tape: [])
        XCTAssertEqual([stream.next(), stream.next()], [0x98ff_7e20_bd78_4b38, 0x5438_b07b_5196_eb06])
    }

    func testDrawsReadTheTapeAsPlainExploreReadsItsStream() {
        // bytes(13): the padded tape word, then the first stream word's low 5 bytes.
        XCTAssertEqual(
            ExploreRandom(tape: [0xaa, 0xbb, 0xcc, 0xdd, 0xee]).bytes(13),
            [0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0, 0, 0, 0x52, 0x7b, 0xe7, 0x09, 0x64])
        // below(n) is one word modulo n: 0x0807060504030201 mod 5 = 1, 0x0b0a09 mod 7 = 1.
        let random = ExploreRandom(tape: Array(1...11))
        XCTAssertEqual([random.below(5), random.below(7)], [1, 1])
    }

    func testAPlainStreamIsUnchangedByTheTape() {
        // specs/explore.md §Determinism: seed 1, case 0, bytes(13) (the page's bytes).
        XCTAssertEqual(
            ExploreRandom(seed: 1, index: 0).bytes(13),
            [0x17, 0x43, 0x4f, 0x64, 0xa4, 0x09, 0xac, 0x36, 0xfd, 0x7d, 0x88, 0xfd, 0x66])
    }
}
