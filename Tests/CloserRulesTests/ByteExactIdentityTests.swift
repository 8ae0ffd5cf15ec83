// Firestore compares ids and strings byte for byte; Swift's String == compares canonical
// equivalence. These found-by-review cases pin the rules engine to Firestore's behaviour.

import CloserWire
import Testing

@testable import CloserRules

@Suite("Byte-exact identities")
struct ByteExactIdentityTests {
    @Test("a Kelvin-sign uid is not user K: refused as non-NFC, never allowed")
    func kelvinSignIsNotK() throws {
        #expect {
            try request("\u{212A}", "get", "users/K")
        } throws: { ($0 as? CloserError)?.code == .rulesMalformedRequest }
        #expect {
            try request("K", "get", "users/\u{212A}")
        } throws: { ($0 as? CloserError)?.code == .rulesInvalidPath }
        #expect(evaluate(try request("K", "get", "users/K")).allow)
    }

    @Test("document strings compare by bytes: a decomposed author is not the caller")
    func documentStringsAreBytes() {
        #expect(FirestoreValue.string("\u{e9}") != FirestoreValue.string("e\u{301}"))
        #expect(FirestoreValue.array([.string("\u{e9}")]) != FirestoreValue.array([.string("e\u{301}")]))
        #expect(FirestoreValue.string("\u{e9}") == FirestoreValue.string("\u{e9}"))
        // Map keys too: a Swift dictionary finds "e\u{301}" under "\u{e9}", the bytes differ.
        #expect(FirestoreValue.map(["\u{e9}": .integer(1)]) != FirestoreValue.map(["e\u{301}": .integer(1)]))
        #expect(FirestoreValue.map(["\u{e9}": .integer(1)]) == FirestoreValue.map(["\u{e9}": .integer(1)]))
        #expect(FirestoreValue.map(["a": .integer(1)]) != FirestoreValue.map(["a": .integer(2)]))
        #expect(FirestoreValue.map(["a": .integer(1)]) != FirestoreValue.map(["b": .integer(1)]))
    }

    @Test("field names compare by code points: a Kelvin-sign wrappedCoupleKey is another field (D-RULES-18)")
    func kelvinSignFieldName() throws {
        let kelvin = "wrappedCouple\u{212A}ey"
        let doc = try document(#"{"wrappedCouple\#u{212A}ey":"x","a":1}"#)
        #expect(doc["wrappedCoupleKey"] == nil && doc[kelvin] == .string("x"))
        #expect(FirestoreDocument.names(doc.fields.keys, outside: ["wrappedCoupleKey", "a"]) == [kelvin])
        #expect(FirestoreDocument.names(["wrappedCoupleKey"], outside: doc.fields.keys) == ["wrappedCoupleKey"])
        // The couple create gate (rules.md couples.create.e2ee_fields_present): honest allowed, Kelvin denied.
        for (name, allowed) in [("wrappedCoupleKey", true), (kelvin, false)] {
            let data = JSONValue.object([
                "userIds": .array([.string("sam"), .string("pat")]), "encryptionVersion": .number(2),
                name: .string(
                    "hVIbN9yGLpnKW6s/EBYtwiX0MFXvDnC0NgOw6L8R4qbzklQysd6w/gsyzlhlPiaqIe6dmzllT5yO8bQH/butFeb8K5yn4lSVPPdoaID36g2LmMQxEML05DQjEazAjEm3WSEgXoE2ORwcYM1Y/ig/d8BBVxCXAJnKr0JBl44psvcAhLceGwcUrw=="
                ),
                "kdfSalt": .string("BJ4ek3UQJKyYVbC1uP8vkw=="), "kdfParams": .string("$argon2id$v=19$m=46080,t=3,p=1"),
            ])
            let r = try RulesRequest(
                auth: .object(["uid": .string("sam")]), method: "create", path: "couples/couple-3", data: data,
                existing: nil, world: .object(["users/sam": .object([:]), "users/pat": .object([:])]))
            #expect(evaluate(r).allow == allowed, "\(name): \(evaluate(r).violations.map(\.invariant.rawValue))")
        }
    }

    @Test("the error for a document with several bad members is the same every time")
    func deterministicErrors() throws {
        let text = #"{"a":{"timestampValue":"bad"},"b":{"bytesValue":"%%"},"c":{"timestampValue":"worse"}}"#
        // Members are checked in UTF-8 order, so "a" (a bad timestamp) decides, in every
        // process; hash order would pick "b" (bad bytes) in some runs.
        #expect {
            _ = try document(text)
        } throws: { ($0 as? CloserError)?.code.rawValue == "rules.malformed_timestamp" }
    }
}
