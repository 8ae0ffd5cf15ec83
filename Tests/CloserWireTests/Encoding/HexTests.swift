// Hex (specs/encodings.md §hex): the fast paths (one pass over a contiguous buffer) against the
// plain element-by-element codec they replace, on random and hostile inputs: the same text, the
// same bytes, the same error with the same message.

@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Hex fast path against the plain codec")
struct HexTests {
    @Test("encode: arrays, slices and non-contiguous collections agree with encodePlain")
    func encodeAgrees() {
        let random = SeededRandom(seed: "hex-encode")
        for n in Array(0...64) + [255, 256, 4096, 65_537] {
            let bytes = n == 0 ? [] : random.bytes(n)
            #expect(Hex.encode(bytes) == Hex.encodePlain(bytes))
            #expect(Hex.encode(bytes.dropFirst(min(1, n))) == Hex.encodePlain(bytes.dropFirst(min(1, n))))
            #expect(Hex.encode(bytes.reversed()) == Hex.encodePlain(bytes.reversed()))
        }
        #expect(Hex.encode([0x00, 0x09, 0x0a, 0x0f, 0x10, 0x9f, 0xa0, 0xff]) == "00090a0f109fa0ff")
    }

    @Test("decode: valid text of either case gives the plain codec's bytes")
    func decodeValidAgrees() throws {
        let random = SeededRandom(seed: "hex-decode")
        for n in Array(0...64) + [1000, 65_537] {
            let bytes = n == 0 ? [] : random.bytes(n)
            let lower = Hex.encodePlain(bytes)
            let mixed = String(lower.enumerated().map { i, c in i % 3 == 0 ? Character(c.uppercased()) : c })
            for text in [lower, lower.uppercased(), mixed] {
                #expect(try Hex.decode(text) == bytes)
                #expect(try Hex.decode(text) == Hex.decodePlain(text))
                #expect(try Hex.decode(text[...]) == bytes)
            }
        }
    }

    @Test("decode: every bad text throws the plain codec's error")
    func decodeInvalidAgrees() {
        let alphabet: [Character] = ["0", "a", "F", "g", "G", "/", ":", "@", "`", " ", "é", "\u{0}", "\u{FF10}", "x"]
        let random = SeededRandom(seed: "hex-invalid")
        var texts = ["0", "abc", "0g", "g0", "00 ", " 00", "ÿÿ", "0\u{0}", "--", "٠٠"]
        for _ in 0..<2000 {
            let length = Int(random.bytes(1)[0] % 9)
            texts.append(String((0..<length).map { _ in alphabet[Int(random.bytes(1)[0]) % alphabet.count] }))
        }
        for text in texts {
            let fast = Result { () throws(CloserError) in try Hex.decode(text) }
            let plain = Result { () throws(CloserError) in try Hex.decodePlain(text) }
            switch (fast, plain) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(text.debugDescription)")
            case (.failure(let a), .failure(let b)):
                #expect(a.code == b.code && a.reason == b.reason, "\(text.debugDescription)")
            default: Issue.record("fast and plain disagree on \(text.debugDescription): \(fast) vs \(plain)")
            }
        }
    }
}
