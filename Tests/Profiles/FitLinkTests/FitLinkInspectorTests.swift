// `closer-spec inspect --profile fitlink`: the profile's inspector takes chat ids and public keys
// apart. Normative: specs/profiles/fitlink/chat.md.

import CloserHarness
import CoreWire
import FitLink
import FitLinkConformance
import Testing

@Suite("inspect --profile fitlink")
struct FitLinkInspectorTests {
    @Test("a chat id names both users and the HKDF salt")
    func chatID() {
        let report = FitLinkConformance.profile.inspect!("chat_alice_bob")
        #expect(report.succeeded)
        #expect(report.fields.contains { $0.name == "lowerUserId" && $0.value == .string("alice") })
    }

    @Test("a chat id with the higher user first is refused with fitlink.invalid_chat_id")
    func unsortedChatID() {
        #expect(FitLinkConformance.profile.inspect!("chat_bob_alice").failure?.code == .fitLinkInvalidChatID)
    }

    @Test("a public key is b64 of 32 bytes; 31 bytes are x25519.invalid_key_length")
    func publicKey() {
        let key = String(repeating: "A", count: 43) + "="
        #expect(FitLinkConformance.profile.inspect!(key).succeeded)
        let short = String(repeating: "A", count: 42) + "=="
        #expect(FitLinkConformance.profile.inspect!(short).failure?.code == .x25519InvalidKeyLength)
    }

    @Test("a document that fits no kind reports the error of the closest kind, not of the last tried")
    func closestKind() {
        let message =
            #"{"id":"6F9619FF-8B86-4011-B42D-00C04FC964FF","sender_id":"alice","type":"text","encrypted_content":"AAECAwQFBgcICQoLDA0ODxAREhM=","iv":"AAECAwQFBgcICQoL"}"#
        let failure = FitLinkConformance.profile.inspect!(message).failure
        #expect(failure?.code == .fitLinkMissingField)
        #expect(failure?.reason.contains("friend_message") == true)
    }
}
