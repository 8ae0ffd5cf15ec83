// The fitlink.* ops' request handling. Normative: specs/profiles/fitlink/chat.md §"Harness ops".

import CloserHarness
import CoreWire
import FitLinkConformance
import Testing

@Suite("harness ops: fitlink")
struct FitLinkOpsTests {
    func respond(_ line: String) throws -> JSONValue {
        try JSONValue(
            parsing: Array(
                HarnessServer(profiles: [.closer, FitLinkConformance.profile]).respond(toLine: Array(line.utf8)).utf8))
    }

    @Test("info lists the fitlink ops")
    func listed() throws {
        let r = try respond(#"{"id":1,"op":"info"}"#)
        guard case .array(let ops)? = r["ops"] else { Issue.record("no ops"); return }
        for op in ["fitlink.chatId", "fitlink.publicKey", "fitlink.encrypt", "fitlink.decrypt"] {
            #expect(ops.contains(.string(op)))
        }
    }

    @Test("an unknown derivation is a malformed request")
    func unknownDerivation() throws {
        let zeros = String(repeating: "00", count: 32)
        let r = try respond(
            #"{"id":1,"op":"fitlink.encrypt","privateKey":"\#(zeros)","peerPublicKey":"x","chatId":"chat_a_b","plaintext":"","derivation":"reversed"}"#
        )
        #expect(r["ok"] == .bool(false))
        #expect(r["error"]?["detail"] == .string("harness.malformed_request"))
    }

    @Test("encrypt without a nonce draws one and decrypts")
    func randomNonce() throws {
        let a = String(repeating: "11", count: 32)
        let b = String(repeating: "22", count: 32)
        let aPub = try respond(#"{"id":1,"op":"fitlink.publicKey","privateKey":"\#(a)"}"#)["publicKey"]!.stringValue!
        let bPub = try respond(#"{"id":1,"op":"fitlink.publicKey","privateKey":"\#(b)"}"#)["publicKey"]!.stringValue!
        let e = try respond(
            #"{"id":1,"op":"fitlink.encrypt","privateKey":"\#(a)","peerPublicKey":"\#(bPub)","chatId":"chat_a_b","plaintext":"6869"}"#
        )
        let d = try respond(
            #"{"id":1,"op":"fitlink.decrypt","privateKey":"\#(b)","peerPublicKey":"\#(aPub)","chatId":"chat_a_b","encryptedContent":"\#(e["encryptedContent"]!.stringValue!)","iv":"\#(e["iv"]!.stringValue!)"}"#
        )
        #expect(d["plaintext"] == .string("6869"))
    }

    @Test("rules.evaluate: profile picks the rule set; closer stays the default")
    func rulesProfile() throws {
        let base =
            #"{"id":1,"op":"rules.evaluate","auth":{"uid":"alice"},"method":"get","path":"user_keys/bob","existing":{"public_key":"x"}"#
        let closer = try respond(base + "}")
        #expect(closer["violations"] == .array([.string("paths.no_matching_rule")]))
        let fitlink = try respond(base + #","profile":"fitlink"}"#)
        #expect(fitlink["allow"] == .bool(true))
        let unknown = try respond(base + #","profile":"reward"}"#)
        #expect(unknown["error"]?["detail"] == .string("harness.malformed_request"))
    }
}
