// The base64 fast path (unsafe, specs/threat-model.md §"Unsafe code") against its plain twins:
// decoding against the one-check-at-a-time decoder `decodeNamingTheError` (specs/encodings.md
// §"Order of checks"), encoding against Foundation's independent base64 encoder.

@testable import CoreWire
import Foundation
import Testing

@testable import CloserWire

@Suite("Base64 fast path against its plain twins")
struct Base64DifferentialTests {
    static let profiles: [Base64.Profile] = [.standard, .url]
    /// Symbols of both alphabets, padding, and bytes near them: where the paths could split.
    static let alphabet =
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=".utf8) + [0, 0x20, 0x7f, 0xff]

    /// Same bytes or the same error code from the fast path and the plain decoder.
    static func agree(_ text: [UInt8], _ profile: Base64.Profile) -> Bool {
        let s = String(decoding: text, as: UTF8.self)
        let fast = Result { () throws(CloserError) in try Base64.decode(s, profile) }
        let plain = Result { () throws(CloserError) in try Base64.decodeNamingTheError(s, profile) }
        switch (fast, plain) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return a.code == b.code
        default: return false
        }
    }

    @Test("valid encodings and their one-byte changes, deletions and insertions: fast == plain")
    func mutations() {
        var random = SplitMix64(state: 0xB64)
        for length in 0...48 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            for profile in Self.profiles {
                let text = Array(Base64.encode(bytes, profile).utf8)
                #expect(Self.agree(text, profile))
                for i in 0..<text.count {
                    var changed = text
                    changed[i] = Self.alphabet.randomElement(using: &random)!
                    var removed = text
                    removed.remove(at: i)
                    var inserted = text
                    inserted.insert(Self.alphabet.randomElement(using: &random)!, at: i)
                    #expect(Self.agree(changed, profile), "changed \(i) of \(length)")
                    #expect(Self.agree(removed, profile), "removed \(i) of \(length)")
                    #expect(Self.agree(inserted, profile), "inserted \(i) of \(length)")
                }
            }
        }
    }

    @Test("20,000 random texts over both alphabets and padding: fast == plain")
    func randomTexts() {
        var random = SplitMix64(state: 20_000)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                Self.alphabet.randomElement(using: &random)!
            }
            for profile in Self.profiles { #expect(Self.agree(text, profile)) }
        }
    }

    @Test("encode == Foundation's base64 (url: its alphabet swapped, padding dropped)")
    func encodeAgainstFoundation() {
        var random = SplitMix64(state: 0xF0)
        for length in 0...200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let foundation = Data(bytes).base64EncodedString()
            #expect(Base64.encode(bytes, .standard) == foundation)
            let url = foundation.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64.encode(bytes, .url) == url)
            #expect(Base64.encode(bytes[...].dropFirst(0), .standard) == foundation, "a slice takes the same path")
        }
    }
}
