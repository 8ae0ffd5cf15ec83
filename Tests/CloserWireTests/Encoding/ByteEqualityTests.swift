// `bytesEqual` finds a difference at every position, including the tail after the last full
// eight-byte word, and never calls arrays of different lengths equal.
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("bytesEqual")
struct ByteEqualityTests {
    @Test("a one-byte difference anywhere, at every length up to 40")
    func everyPosition() {
        for length in 0...40 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            #expect(bytesEqual(a, a))
            #expect(!bytesEqual(a, a + [0]))
            for i in 0..<length {
                var b = a
                b[i] ^= 0x80
                #expect(!bytesEqual(a, b), "length \(length), byte \(i)")
            }
        }
    }
}
