// The game_push_claim suite: onGameSessionUpdate's idempotent flag-claim on notificationsSent.
// Expected answers written out by hand. Normative: specs/cloud-functions.md §Game session flags.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum GamePushClaimSuite {
    static let name = "game_push_claim"

    static let claim = VectorFlag(
        "Claim", .basic, .contract, "An unclaimed key is claimed with now's text and the push is sent (D-CF-55).")
    static let claimed = VectorFlag(
        "AlreadyClaimed", .edgeCase, .contract,
        "Any present value claims, false and null included; other keys do not (D-CF-55).")
    static let failClosed = VectorFlag(
        "FailClosed", .edgeCase, .contract, "notificationsSent present but not a map: nothing is sent (D-CF-60).")
    static let badKey = VectorFlag(
        "InvalidKey", .encoding, .contract, "A key that is not a Firestore simple field name (D-CF-59).")
    static let badNow = VectorFlag("BadNow", .encoding, .contract, "now is not RFC 3339 (datekey.invalid_instant).")
    static let exact = VectorFlag(
        "ExactIds", .edgeCase, .contract,
        "Keys compare as exact code points: a member \"\\u212A\" (Kelvin sign) does not claim \"K\" (D-CF-62).")
    static let badRequest = VectorFlag("MalformedRequest", .basic, .request, "A field of the wrong type.")

    static let now = "2026-06-15T20:00:00Z"

    static func session(_ sent: JSONValue?) -> JSONValue {
        var m: [String: JSONValue] = ["status": .string("active"), "startedBy": .string("alice")]
        if let sent { m["notificationsSent"] = sent }
        return .object(m)
    }

    static let stamp = JSONValue.object(["timestampValue": .string("2026-06-15T19:00:00Z")])

    static func test(
        _ comment: String, _ flags: [VectorFlag], _ s: JSONValue, key: String = "start", now: String = now, send: Bool
    ) -> VectorCase {
        let update = JSONValue.object(["notificationsSent.\(key)": .object(["timestampValue": .string(now)])])
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.gameClaimPush.name,
            input: [("session", s), ("key", .string(key)), ("now", .string(now))],
            output: send ? [("send", .bool(true)), ("update", update)] : [("send", .bool(false))])
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-game-push-claim",
            header: [
                "onGameSessionUpdate's flag-claim (specs/cloud-functions.md §Game session flags): game.claimPush(session, key, now)",
                "-> send, and the notificationsSent.{key} claim written in the same transaction before the send.",
            ],
            groups: [
                VectorGroup("GamePushClaim", comment: "claims", cases: cases()),
                VectorGroup("GamePushClaimRefused", comment: "requests the op refuses", cases: refused()),
                VectorGroup(
                    "GamePushClaimFailedSend", comment: "a send that fails, under both readings of the order (D-CF-55)",
                    cases: failedSends()),
            ])
    }

    static func cases() -> [VectorCase] {
        let o = { (m: [String: JSONValue]) in JSONValue.object(m) }
        let long = String(repeating: "k", count: 64)
        return [
            test("No notificationsSent: claim and send", [claim], session(nil), send: true),
            test("An empty map", [claim], session(o([:])), send: true),
            test("Another key claimed", [claim, claimed], session(o(["finish": stamp])), send: true),
            test("Keys are case-sensitive", [claim, claimed], session(o(["Start": stamp])), send: true),
            test("partner_answered", [claim], session(nil), key: "partner_answered", send: true),
            test("A key of 64 characters", [claim, badKey], session(nil), key: long, send: true),
            test("A key of two underscores", [claim, badKey], session(nil), key: "__", send: true),
            test(
                "now with an offset is stored as given", [claim], session(nil), now: "2026-06-15T22:00:00+02:00",
                send: true),
            test(
                "A Kelvin-sign member does not claim K", [claim, exact], session(o(["\u{212A}": stamp])), key: "K",
                send: true),
            test("constructor on an empty map", [claim], session(o([:])), key: "constructor", send: true),
            test("A key of three underscores", [claim, badKey], session(nil), key: "___", send: true),
            test("Claimed with a timestamp", [claimed], session(o(["start": stamp])), send: false),
            test("Claimed with true", [claimed], session(o(["start": .bool(true)])), send: false),
            test("Claimed with false", [claimed], session(o(["start": .bool(false)])), send: false),
            test("Claimed with null", [claimed], session(o(["start": .null])), send: false),
            test("Claimed with an empty string", [claimed], session(o(["start": .string("")])), send: false),
            test("Claimed with a map", [claimed], session(o(["start": o([:])])), send: false),
            test("notificationsSent null", [failClosed], session(.null), send: false),
            test("notificationsSent a string", [failClosed], session(.string("start")), send: false),
            test("notificationsSent an array", [failClosed], session(.array([.string("start")])), send: false),
            test("notificationsSent true", [failClosed], session(.bool(true)), send: false),
        ]
    }

    static func fails(_ comment: String, _ flag: VectorFlag, _ input: [(String, JSONValue)], _ code: CloserError.Code)
        -> VectorCase
    {
        var base: [(String, JSONValue)] = [("session", session(nil)), ("key", .string("start")), ("now", .string(now))]
        for (k, v) in input { base = base.map { $0.0 == k ? (k, v) : $0 } }
        return .invalid(
            comment, flags: [flag], op: HarnessOpSpec.gameClaimPush.name, input: base, error: code,
            layer: code == RequestCodes.malformedRequest ? .request : .contract)
    }

    static func refused() -> [VectorCase] {
        let keys: [(String, String)] = [
            ("An empty key", ""), ("A dotted key", "start.x"), ("A key starting with a digit", "1start"),
            ("A key with a space", "part two"), ("A reserved __name__ key", "__name__"), ("A non-ASCII key", "départ"),
            ("A key of 65 characters", String(repeating: "k", count: 65)), ("A key with a slash", "start/x"),
            ("A back-quoted key", "`start`"), ("A key with a hyphen", "partner-answered"),
            ("A reserved key of four underscores", "____"), ("A key with a trailing newline", "start\n"),
        ]
        return keys.map { fails($0.0, badKey, [("key", .string($0.1))], .gameInvalidPushKey) } + [
            fails("now without a zone", badNow, [("now", .string("2026-06-15T20:00:00"))], .dateKeyInvalidInstant),
            fails("now empty", badNow, [("now", .string(""))], .dateKeyInvalidInstant),
            fails(
                "now with a trailing newline", badNow, [("now", .string("2026-06-15T20:00:00Z\n"))],
                .dateKeyInvalidInstant),
            fails(
                "now in Arabic-Indic digits", badNow,
                [("now", .string("\u{662}\u{660}\u{662}\u{666}-06-15T20:00:00Z"))], .dateKeyInvalidInstant),
            fails("A numeric now", badRequest, [("now", V.int(1))], RequestCodes.malformedRequest),
            fails(
                "A bad key and a bad now: the key is checked first", badKey,
                [("key", .string("a.b")), ("now", .string(""))], .gameInvalidPushKey),
            fails(
                "A claimed key with a bad now is still refused", badNow,
                [("session", session(.object(["start": stamp]))), ("now", .string("x"))], .dateKeyInvalidInstant),
            fails("session null", badRequest, [("session", .null)], RequestCodes.malformedRequest),
            fails("session an array", badRequest, [("session", .array([]))], RequestCodes.malformedRequest),
            fails("A numeric key", badRequest, [("key", V.int(1))], RequestCodes.malformedRequest),
            fails(
                "A numeric key and a bad now: types first", badRequest, [("key", V.int(1)), ("now", .string(""))],
                RequestCodes.malformedRequest),
        ]
    }
}
