// A payload read from revealed canonical bytes is the payload its value gives: the same ids,
// the same JSON, the same error for every malformed payload (specs/sealed-v1.md §"Payload",
// §"Reveal"). The value path is the reference; it is the one the vectors exercised first.
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Sealed payloads from canonical bytes")
struct SealedPayloadBytesTests {
    static let nonce = "AAECAwQFBgcICQoLDA0ODw"

    /// Outcome of both constructions on the canonical form of `text`.
    static func outcomes(_ text: String) throws -> (bytes: String, value: String) {
        let canonical = try CanonicalJSON.canonicalize(Array(text.utf8))
        func describe(_ body: () throws(CloserError) -> SealedPayload) -> String {
            do throws(CloserError) {
                let p = try body()
                let json = String(decoding: try CanonicalJSON.serialize(p.json), as: UTF8.self)
                let bytes = String(decoding: try p.canonicalBytes(), as: UTF8.self)
                return "ok \(p.coupleID)|\(p.questionID)|\(p.userID) \(json) \(bytes)"
            } catch {
                return "error \(error.code)"
            }
        }
        return (
            describe { () throws(CloserError) in try SealedPayload(canonicalBytes: canonical) },
            describe { () throws(CloserError) in try SealedPayload(JSONValue(parsing: canonical)) }
        )
    }

    @Test(
        "every payload shape",
        arguments: [
            #"{"coupleId":"c","questionId":"q","userId":"u","nonce":"NONCE","answer":"yes"}"#,
            #"{"answer":{"a":[1,{"b":"}"}],"c":"\""},"coupleId":"c","questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"c\"x","questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"c\\x","questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"c\u0001","questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"caf\u00e9","questionId":"e\u0301","userId":"😀","nonce":"NONCE"}"#,
            #"{"coupleId":"c","questionId":"q","userId":"u"}"#,
            #"{"coupleId":1,"questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"c","questionId":null,"userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"c","questionId":"q","userId":["u"],"nonce":"NONCE"}"#,
            #"{"coupleId":"c","questionId":"q","userId":"u","nonce":"short"}"#,
            #"{"coupleId":"c","questionId":"q","userId":"u","nonce":"NONCE="}"#,
            #"{"coupleId":"c","questionId":"q","userId":"u","nonce":{"x":1}}"#,
            #"{"\u0063oupleId":"c","questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId ":"c","questionId":"q","userId":"u","nonce":"NONCE"}"#,
            #"{"coupleId":"","questionId":"q","userId":"u","nonce":"NONCE","z":[[],{},"",0,-1.5e300,true,false,null]}"#,
            #"{}"#, #"[]"#, #"["coupleId"]"#, #""coupleId""#, "17", "null",
        ])
    func shapes(_ template: String) throws {
        let text = template.replacingOccurrences(of: "NONCE", with: Self.nonce)
        let (bytes, value) = try Self.outcomes(text)
        #expect(bytes == value)
        // Sharing a binding's strings changes no id: with the ids the payload has, and with others.
        let canonical = try CanonicalJSON.canonicalize(Array(text.utf8))
        for binding in [
            try SealedBinding(coupleID: "c", questionID: "q", userID: "u"),
            try SealedBinding(coupleID: "C", questionID: "q2", userID: "u "),
        ] {
            let shared = Result { () throws(CloserError) in
                try SealedPayload(canonicalBytes: canonical, sharingIDsWith: binding)
            }
            let plain = Result { () throws(CloserError) in try SealedPayload(canonicalBytes: canonical) }
            switch (shared, plain) {
            case (.success(let a), .success(let b)):
                #expect([a.coupleID, a.questionID, a.userID] == [b.coupleID, b.questionID, b.userID])
                #expect(a.coupleID.utf8.elementsEqual(b.coupleID.utf8) && a.userID.utf8.elementsEqual(b.userID.utf8))
            case (.failure(let a), .failure(let b)): #expect(a.code == b.code)
            default: Issue.record("sharing the binding's ids changed the outcome for \(text)")
            }
        }
    }

    @Test("member ranges cover a canonical object exactly")
    func memberRanges() throws {
        let text = #"{"a":"x,}","b":[1,{"c":"]"}],"d":{"e":null},"f":-0.5,"g":true}"#
        let bytes = Array(text.utf8)
        let members = try #require(CanonicalObjectMembers.members(of: bytes))
        #expect(members.map { String(decoding: bytes[$0.name], as: UTF8.self) } == ["a", "b", "d", "f", "g"])
        #expect(
            members.map { String(decoding: bytes[$0.value], as: UTF8.self) } == [
                #""x,}""#, #"[1,{"c":"]"}]"#, #"{"e":null}"#, "-0.5", "true",
            ])
        for broken in [#"{"a":1"#, #"{"a":}"#, #"{"a":1,}"#, #"{"a""#, "{", #"{"a":1}x"#, #"{"a":"x}"#] {
            #expect(CanonicalObjectMembers.members(of: Array(broken.utf8)) == nil, "\(broken)")
        }
    }

    @Test("an invalid nonce's error quotes none of the (decrypted) nonce")
    func invalidNonceReasonQuotesNothing() throws {
        func check(_ nonce: String, _ error: CloserError?) {
            guard let error else {
                Issue.record("\(nonce) was accepted")
                return
            }
            #expect(error.code == .sealedPayloadInvalidNonce)
            #expect(!error.reason.contains("%") && !error.reason.contains("+") && !error.reason.contains("'"))
        }
        for nonce in ["AAECAwQFBgcICQoLDA0OD%", "AAECAwQFBgcICQoLDA0OD+", "AAECAwQFBgcICQoLDA0ODw=="] {
            let text = #"{"coupleId":"c","nonce":"\#(nonce)","questionId":"q","userId":"u"}"#
            do throws(CloserError) {
                _ = try SealedPayload(canonicalBytes: Array(text.utf8))
                check(nonce, nil)
            } catch { check(nonce, error) }
            do throws(CloserError) {
                _ = try SealedPayload(JSONValue(parsing: text))
                check(nonce, nil)
            } catch { check(nonce, error) }
        }
    }

    @Test("a revealed payload keeps the bytes it was opened from")
    func revealKeepsBytes() throws {
        let text =
            #"{"answer":"yes","coupleId":"couple-1","nonce":"AAECAwQFBgcICQoLDA0ODw","questionId":"q-42","userId":"alice"}"#
        let payload = try SealedPayload(canonicalBytes: Array(text.utf8))
        #expect(try payload.canonicalBytes() == Array(text.utf8))
        #expect(payload == (try SealedPayload(JSONValue(parsing: text))))
        #expect(payload.json["answer"] == .string("yes"))
    }
}
