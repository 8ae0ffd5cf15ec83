// Hostile input: at least 100,000 mutated wire strings and broken requests go to
// the decoders and the harness server. Every one must end in success or a named
// CloserError — never a crash or hang — and no mutation of a valid value may be accepted
// (a value that opens must be byte-identical to the original string: no non-canonical form).

import CloserWire
import Foundation
import Testing

@testable import CloserConformance
@testable import CloserHarness
@testable import CloserVectorModel

/// Seeded mutations of a string.
struct Mutator {
    let random: SeededRandom
    static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=: \n\t|\u{0}é💛".unicodeScalars)

    func int(_ n: Int) -> Int { n <= 1 ? 0 : Int(random.uint32() % UInt32(n)) }

    func mutate(_ s: String) -> String {
        var chars = Array(s.unicodeScalars)
        for _ in 0...int(3) {
            switch int(8) {
            case 0 where !chars.isEmpty: chars.remove(at: int(chars.count))
            case 1: chars.insert(Self.alphabet[int(Self.alphabet.count)], at: int(chars.count + 1))
            case 2 where !chars.isEmpty: chars[int(chars.count)] = Self.alphabet[int(Self.alphabet.count)]
            case 3: chars = Array(chars.prefix(int(chars.count + 1)))
            case 4: chars += chars.suffix(int(8))
            case 5 where !chars.isEmpty:
                // Flip a bit of one character's byte value inside ASCII.
                let i = int(chars.count)
                if chars[i].value < 0x80 { chars[i] = Unicode.Scalar(UInt8(chars[i].value) ^ (1 << UInt8(int(7)))) }
            case 6:
                chars = Array(
                    String(String.UnicodeScalarView(chars)).replacingOccurrences(of: ":v1:", with: ":v2:")
                        .unicodeScalars)
            default:
                let swaps: [(Unicode.Scalar, Unicode.Scalar)] = [("+", "-"), ("/", "_"), ("-", "+"), ("_", "/")]
                let (a, b) = swaps[int(4)]
                chars = chars.map { $0 == a ? b : $0 }
            }
        }
        return String(String.UnicodeScalarView(chars))
    }
}

@Suite("Hostile input")
struct HostileInputTests {
    static let random = SeededRandom(seed: "hostile")
    static let couple = try! AEADKeyset.make(key: random.bytes(32), keyID: 0xC0FF_EE01)
    static let oneTime = try! AEADKeyset.make(key: random.bytes(32), keyID: 0x0000_0042)
    static let recipient = try! HybridPrivateKeyset.make(
        privateKey: P256Scalar.generate(random: random).d, keyID: 0x9000_0001)
    static let sealedBinding = try! SealedBinding(coupleID: "c", questionID: "q", userID: "u")
    static let keyboxBinding = try! KeyboxBinding(
        coupleID: "c", questionID: "q", senderUserID: "u", recipientUserID: "p")

    @Test("50,000 mutated wire strings: named errors only, and no mutation opens")
    func mutatedWireStrings() throws {
        let m = Mutator(random: SeededRandom(seed: "hostile-wire"))
        let enc = try EncV1.seal("an honest answer", coupleID: "c", keyset: Self.couple, random: Self.random)
        let payload = try SealedPayload(
            .object([
                "coupleId": .string("c"), "questionId": .string("q"), "userId": .string("u"),
                "nonce": .string(SealedPayload.makeNonce(random: Self.random)), "answer": .string("yes"),
            ]))
        let sealed = try SealedV1.seal(payload, binding: Self.sealedBinding, keyset: Self.oneTime, random: Self.random)
        let pub = PubV1.encode(Self.recipient.publicKeyset)
        let box = try KeyboxV1.wrap(
            Self.oneTime, to: Self.recipient.publicKeyset, binding: Self.keyboxBinding, random: Self.random)
        var counts: [String: Int] = [:]
        for i in 0..<50_000 {
            let outcome: Result<String, CloserError>
            switch i % 5 {
            case 0:
                let s = m.mutate(enc)
                outcome = Result { () throws(CloserError) in
                    _ = try EncV1.open(s, coupleID: "c", keyset: Self.couple); return s
                }
            case 1:
                let s = m.mutate(sealed.value)
                outcome = Result { () throws(CloserError) in
                    _ = try SealedV1.open(
                        s, commitment: sealed.commitment, binding: Self.sealedBinding, keyset: Self.oneTime)
                    return s
                }
            case 2:
                let s = m.mutate(box)
                outcome = Result { () throws(CloserError) in
                    _ = try KeyboxV1.unwrap(s, privateKeyset: Self.recipient, binding: Self.keyboxBinding)
                    return s
                }
            case 3:
                let s = m.mutate(pub)
                outcome = Result { () throws(CloserError) in
                    // A keyless value may be another valid key, but only in its canonical form.
                    #expect(try WireString(parsing: s, as: .pub).string == s)
                    return pub
                }
                if case .success = outcome { _ = try? PubV1.decode(s) }
            default:
                let s = m.mutate(sealed.commitment.string)
                outcome = Result { () throws(CloserError) in
                    #expect(try Commitment(parsing: s).string == s)
                    return sealed.commitment.string
                }
            }
            switch outcome {
            case .success(let s):
                // Keyed values: only the unmutated value may open (mutations can be no-ops).
                if ![enc, sealed.value, box, pub, sealed.commitment.string].contains(s) {
                    Issue.record("accepted a mutated value: \(s.prefix(24))…")
                }
                counts["accepted (keyed: original; keyless: canonical)", default: 0] += 1
            case .failure(let e):
                #expect(!e.code.rawValue.isEmpty && !e.reason.isEmpty)
                counts[e.code.rawValue, default: 0] += 1
            }
        }
        print("hostile wire strings by outcome:", counts.sorted { $0.key < $1.key })
        #expect(counts.values.reduce(0, +) == 50_000)
    }

    @Test("20,000 random and mutated keysets: named errors only")
    func mutatedKeysets() {
        let r = SeededRandom(seed: "hostile-keysets")
        let seeds = [
            Self.couple.serializedBytes, Self.recipient.serializedBytes, Self.recipient.publicKeyset.serializedBytes,
        ]
        for i in 0..<20_000 {
            var bytes = seeds[i % 3]
            switch i % 4 {
            case 0: bytes = r.bytes(Int(r.uint32() % 300))
            case 1: bytes[Int(r.uint32()) % bytes.count] ^= UInt8(1 << (r.uint32() % 8))
            case 2: bytes = Array(bytes.prefix(Int(r.uint32()) % bytes.count))
            default: bytes.insert(UInt8(truncatingIfNeeded: r.uint32()), at: Int(r.uint32()) % bytes.count)
            }
            _ = try? AEADKeyset(serializedBytes: bytes)
            _ = try? HybridPrivateKeyset(serializedBytes: bytes)
            _ = try? HybridPublicKeyset(serializedBytes: bytes)
        }
    }

    @Test("40,000 broken requests to the server: one well-formed error response each")
    func brokenRequests() throws {
        let server = HarnessServer()
        let m = Mutator(random: SeededRandom(seed: "hostile-requests"))
        let ks = Hex.encode(Self.couple.serializedBytes)
        let templates = [
            #"{"id":1,"op":"enc.open","keyset":"\#(ks)","coupleId":"c","value":"enc:v1:AAAA"}"#,
            #"{"id":2,"op":"aead.decrypt","keyset":"\#(ks)","ciphertext":"00","aad":""}"#,
            #"{"id":3,"op":"hybrid.keyset","privateKey":"01","keyId":4294967295}"#,
            #"{"id":4,"op":"canonicalize","json":"{\"a\":[1,2,{\"b\":null}]}"}"#,
            #"{"id":5,"op":"pub.decode","value":"pub:v1:AAAA"}"#,
            #"{"id":6,"op":"sealed.open","keyset":"\#(ks)","coupleId":"c","questionId":"q","userId":"u","value":"sealed:v1:AA","commitment":"sha256:AA"}"#,
            #"{"id":7,"op":"aead.keyset","key":"00","keyId":-1}"#,
            #"{"id":8,"op":"info"}"#,
        ]
        let extremes = [
            "", " ", "null", "[]", "{}", "\"op\"", "{\"op\":1}", "{\"op\":null}", "{\"id\":{},\"op\":\"info\"}",
            String(repeating: "[", count: 100_000), String(repeating: "{\"a\":", count: 50_000),
            "{\"id\":1,\"op\":\"aead.keyset\",\"key\":\"00\",\"keyId\":1e999}",
            "{\"id\":1,\"op\":\"aead.keyset\",\"key\":\"00\",\"keyId\":4294967296}",
            "{\"id\":1,\"op\":\"hybrid.encrypt\",\"publicKeyset\":\"zz\"}",
            "\u{FEFF}{\"op\":\"info\"}", "{\"op\":\"info\"} trailing", "{\"op\":\"info\",\"op\":\"info\"}",
        ]
        var n = 0
        for line in extremes {
            check(server.respond(toLine: Array(line.utf8)))
            n += 1
        }
        for i in 0..<40_000 {
            check(server.respond(toLine: Array(m.mutate(templates[i % templates.count]).utf8)))
            n += 1
        }
        // Invalid UTF-8 bytes.
        check(server.respond(toLine: [0x7b, 0xff, 0xfe, 0x7d]))
        #expect(n >= 40_000)
    }

    private func check(_ response: String) {
        guard let obj = try? JSONSerialization.jsonObject(with: Data(response.utf8)) as? [String: Any] else {
            Issue.record("response is not a JSON object")
            return
        }
        guard let ok = obj["ok"] as? Bool else {
            Issue.record("response has no ok")
            return
        }
        if !ok {
            let error = obj["error"] as? [String: Any]
            let code = error?["code"] as? String ?? ""
            #expect(CloserError.Category(rawValue: code) != nil, "unknown error code \(code)")
        }
    }
}
