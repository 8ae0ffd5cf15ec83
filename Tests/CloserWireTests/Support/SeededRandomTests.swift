// SeededRandom's block-appending fast path against its definition, block by block: the stream is
// SHA-256(seed ‖ counter as 8 big-endian bytes) for counter 0, 1, 2, … concatenated, however it is
// drawn (every vector file and every explore case depends on these bytes).

@testable import CoreWire
import Crypto
import Testing

@testable import CloserWire

@Suite("SeededRandom against its definition")
struct SeededRandomTests {
    /// The first `n` bytes of the stream, computed block by block from the definition.
    static func stream(_ seed: String, _ n: Int) -> [UInt8] {
        var out: [UInt8] = []
        var counter: UInt64 = 0
        while out.count < n {
            var block = Array(seed.utf8)
            withUnsafeBytes(of: counter.bigEndian) { block += $0 }
            out += SHA256.hash(data: block)
            counter += 1
        }
        return Array(out.prefix(n))
    }

    @Test("draws of every size concatenate to the definition's stream")
    func drawsConcatenateToTheStream() {
        for seed in ["", "s", "closer-spec explore v1 1 7", String(repeating: "é", count: 70)] {
            let random = SeededRandom(seed: seed)
            var drawn: [UInt8] = []
            for size in [0, 1, 7, 8, 31, 32, 33, 0, 64, 5, 100, 70_000, 3, 32, 1] {
                let got = random.bytes(size)
                #expect(got.count == size)
                drawn += got
            }
            #expect(drawn == Self.stream(seed, drawn.count), "seed \(seed.debugDescription)")
        }
    }
}
