// The fcm_fanout suite: the tokens a partner push fans out to (legacy `fcmToken` and the
// `fcmTokens` documents) and the message it sends. Expected answers written out by hand.
// Normative: specs/cloud-functions.md §FCM fan-out.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum FCMFanoutSuite {
    static let name = "fcm_fanout"

    static let fanout = VectorFlag(
        "Fanout", .basic, .contract, "The legacy fcmToken and every fcmTokens document are sent to (D-CF-28).")
    static let dedupe = VectorFlag(
        "Dedupe", .edgeCase, .contract, "A token in both places, or in two documents, is sent to once (D-CF-28).")
    static let order = VectorFlag(
        "Order", .edgeCase, .contract, "Legacy first, then the documents in read order, not sorted (D-CF-47).")
    static let skip = VectorFlag(
        "SkipBadToken", .edgeCase, .contract, "A token that is not a non-empty string is skipped (D-CF-49).")
    static let message = VectorFlag(
        "Message", .basic, .contract, "Data payload with `type` plus a notification block, every type (D-CF-48).")
    static let refused = VectorFlag(
        "FanoutRefused", .missingStep, .contract, "An unroutable payload key or bad data members (D-CF-50).")

    static func user(_ legacy: JSONValue?) -> JSONValue {
        var m: [String: JSONValue] = ["displayName": .string("Sam"), "platform": .string("android")]
        if let legacy { m["fcmToken"] = legacy }
        return .object(m)
    }

    static func doc(_ token: JSONValue?, _ platform: String = "android") -> JSONValue {
        var m: [String: JSONValue] = [
            "platform": .string(platform), "updatedAt": .object(["timestampValue": .string("2026-06-15T23:00:00Z")]),
        ]
        if let token { m["token"] = token }
        return .object(m)
    }

    static func input(
        _ type: String, _ data: JSONValue, _ user: JSONValue, _ docs: [JSONValue]
    ) -> [(String, JSONValue)] {
        [
            ("type", .string(type)), ("data", data), ("title", .string("Sam answered")),
            ("body", .string("Open to see both answers")), ("user", user), ("tokenDocs", .array(docs)),
        ]
    }

    static func sends(
        _ comment: String, _ flags: [VectorFlag], type: String = "partner_answered", data: [String: String] = [:],
        user u: JSONValue, docs: [JSONValue], tokens: [String]
    ) -> VectorCase {
        var payload = data
        payload["type"] = type
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.fcmFanout.name,
            input: input(type, .object(data.mapValues(JSONValue.string)), u, docs),
            output: [
                ("tokens", .array(tokens.map(JSONValue.string))),
                ("data", .object(payload.mapValues(JSONValue.string))),
                (
                    "notification",
                    .object(["title": .string("Sam answered"), "body": .string("Open to see both answers")])
                ),
            ])
    }

    static func fails(_ comment: String, type: String, data: JSONValue, _ error: CloserError.Code) -> VectorCase {
        .invalid(
            comment, flags: [refused], op: HarnessOpSpec.fcmFanout.name,
            input: input(type, data, user(.string("tok-L")), [doc(.string("tok-A"))]),
            error: error, layer: .contract)
    }

    static func build() throws(CloserError) -> WireSuite {
        let s = JSONValue.string
        let cases: [VectorCase] = [
            sends("Legacy token only", [fanout], user: user(s("tok-L")), docs: [], tokens: ["tok-L"]),
            sends(
                "Documents only", [fanout], user: user(nil), docs: [doc(s("tok-A")), doc(s("tok-B"), "ios")],
                tokens: ["tok-A", "tok-B"]),
            sends(
                "Legacy and documents", [fanout], user: user(s("tok-L")),
                docs: [doc(s("tok-A")), doc(s("tok-B"), "ios")],
                tokens: ["tok-L", "tok-A", "tok-B"]),
            sends(
                "The legacy token also in a document", [dedupe], user: user(s("tok-A")),
                docs: [doc(s("tok-B")), doc(s("tok-A"))], tokens: ["tok-A", "tok-B"]),
            sends(
                "Two documents with one token", [dedupe], user: user(nil),
                docs: [doc(s("tok-A")), doc(s("tok-B")), doc(s("tok-A"), "ios")], tokens: ["tok-A", "tok-B"]),
            sends(
                "Legacy first though it sorts last", [order], user: user(s("zz-legacy")),
                docs: [doc(s("mm")), doc(s("aa"))], tokens: ["zz-legacy", "mm", "aa"]),
            sends(
                "Tokens differing only in case are distinct", [dedupe], user: user(s("Tok-A")), docs: [doc(s("tok-A"))],
                tokens: ["Tok-A", "tok-A"]),
            sends("An empty legacy token", [skip], user: user(s("")), docs: [doc(s("tok-A"))], tokens: ["tok-A"]),
            sends("A null legacy token", [skip], user: user(.null), docs: [doc(s("tok-A"))], tokens: ["tok-A"]),
            sends(
                "A numeric legacy token", [skip], user: user(.number(7)), docs: [doc(s("tok-A"))], tokens: ["tok-A"]),
            sends(
                "Documents without a usable token", [skip], user: user(s("tok-L")),
                docs: [doc(nil), doc(s("")), doc(.number(1)), .string("tok-X"), doc(s("tok-A"))],
                tokens: ["tok-L", "tok-A"]),
            sends("No user document, no tokens", [fanout], user: .null, docs: [], tokens: []),
            sends(
                "No user document, a token document", [fanout], user: .null, docs: [doc(s("tok-A"))], tokens: ["tok-A"]),
            sends(
                "partner_opened_answer with questionId", [message], type: "partner_opened_answer",
                data: ["questionId": "q_default_daily"], user: user(s("tok-L")), docs: [], tokens: ["tok-L"]),
            sends(
                "A game push also carries a notification block", [message], type: "partner_started_game",
                data: ["gameType": "WHEEL", "sessionId": "s1"], user: user(s("tok-L")), docs: [], tokens: ["tok-L"]),
            sends(
                "partner_left", [message], type: "partner_left", user: user(nil), docs: [doc(s("tok-A"))],
                tokens: ["tok-A"]),
        ]
        let bad: [VectorCase] = [
            fails("No payload key", type: "", data: .object([:]), .pushMissingType),
            fails(
                "A payload key the app does not route", type: "partner_answerd", data: .object([:]), .pushUnknownType),
            fails(
                "A notification type name, not a payload key", type: "PARTNER_ANSWERED", data: .object([:]),
                .pushUnknownType),
            fails(
                "Data carrying its own type", type: "partner_answered", data: .object(["type": s("reveal_ready")]),
                .pushInvalidPayload),
            fails(
                "A numeric data member", type: "partner_answered", data: .object(["questionId": .number(7)]),
                .pushInvalidPayload),
            fails("Data that is an array", type: "partner_answered", data: .array([]), .pushInvalidPayload),
        ]
        return WireSuite(
            name: name, algorithm: "closer-fcm-fanout",
            header: [
                "The FCM send side (specs/cloud-functions.md §FCM fan-out): fcm.fanout(type, data, title, body, user, tokenDocs)",
                "-> the distinct tokens (legacy fcmToken first, then fcmTokens in read order), the data payload, the notification block.",
            ],
            groups: [
                VectorGroup("FCMFanout", comment: "tokens and message", cases: cases),
                VectorGroup("FCMFanoutRefused", comment: "pushes the sender refuses", cases: bad),
                VectorGroup(
                    "FCMFanoutReadings", comment: "subscription_entitlement_changed, both readings (D-CONTRACTS-15)",
                    cases: entitlementPushReadings()),
            ])
    }
}
