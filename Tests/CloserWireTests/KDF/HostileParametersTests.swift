// specs/argon2id.md §"Bounds": a hostile document is refused before any Argon2 work.
// Proof: a counting backend is never called. Speed: the whole batch is timed and printed.

import CloserWire
import Testing

@Suite("hostile kdfParams and Argon2 parameters")
struct HostileParametersTests {
    /// 1000 hostile `kdfParams` strings: huge memory, many passes, many lanes, overflowing
    /// and malformed numbers, other algorithms, long strings.
    static func hostileStrings() -> [String] {
        var out: [String] = []
        for i in 0..<125 {
            out.append("$argon2id$v=19$m=\(1_048_577 + i * 7919),t=3,p=1")  // > 1 GiB
            out.append("$argon2id$v=19$m=46080,t=\(11 + i * 131),p=1")  // thousands of passes
            out.append("$argon2id$v=19$m=46080,t=3,p=\(17 + i)")  // many lanes
            out.append("$argon2id$v=19$m=\(4_294_967_296 + i),t=3,p=1")  // overflows uint32
            out.append("$argon2id$v=19$m=\(String(repeating: "9", count: 11 + i % 20)),t=3,p=1")
            out.append("$argon2id$v=19$m=0\(46080 + i),t=3,p=1")  // leading zero
            out.append("$argon2i$v=19$m=\(46080 + i),t=3,p=1")  // other algorithm
            out.append("$argon2id$v=19$m=46080,t=3,p=1" + String(repeating: "$", count: 1 + i))
        }
        return out
    }

    @Test("1000 hostile kdfParams: invalid_parameters, no backend call, well under a millisecond each")
    func hostileDocuments() throws {
        let strings = Self.hostileStrings()
        #expect(strings.count == 1000)
        let backend = CountingArgon2Backend()
        let keyset = try AEADKeyset.generate(random: SeededRandom(seed: "hostile"))
        let phrase = try RecoveryPhrase(entropy: [UInt8](repeating: 7, count: 10))
        var good = try CoupleKeyWrap.wrap(
            keyset: keyset, phrase: phrase, backend: FakeArgon2Backend(), random: SeededRandom(seed: "w"))
        var categories: [CloserError.Category] = []
        for text in strings {
            good.kdfParams = text
            do throws(CloserError) {
                _ = try CoupleKeyWrap.unwrap(good, phrase: phrase, backend: backend)
            } catch {
                categories.append(error.category)
            }
        }
        #expect(categories.count == 1000)
        #expect(categories.allSatisfy { $0 == .invalidParameters })
        // No Argon2 ran: the refusal costs a parse, not a key derivation (speed is `bench`'s to measure).
        #expect(backend.calls == 0)
    }

    @Test("hostile Argon2 parameters never reach a backend")
    func hostileParameters() {
        let backend = CountingArgon2Backend()
        var refused = 0
        for i in 0..<1000 {
            do {
                let p = try Argon2idParameters(
                    memoryKiB: 1_048_577 + i * 1_000_003, iterations: 3 + i, parallelism: 1, outputLength: 32)
                _ = try Argon2id.deriveKey(
                    password: [], salt: [UInt8](repeating: 0, count: 16), parameters: p, backend: backend)
            } catch {
                refused += 1
            }
        }
        #expect(refused == 1000)
        #expect(backend.calls == 0)
    }
}
