// The documents suite's cases, one collection per function. Normative: specs/documents.md.

import CloserVectorModel
import CloserWire

extension DocumentsSuite {
    static let user = "users/alice"

    static func quiet(_ start: JSONValue, _ end: JSONValue, _ zone: JSONValue) -> JSONValue {
        .object([
            "quietHoursEnabled": .bool(true), "quietHoursStartMinutes": start, "quietHoursEndMinutes": end,
            "timezone": zone,
        ])
    }

    static func users() -> [VectorCase] {
        let t = [types]
        let r = [ranges]
        let z = [zone]
        let s = [server]
        let profile: JSONValue = .object([
            "email": .string("alice@example.com"), "displayName": .string("Alice"), "photoUrl": .null,
            "platform": .string("android"), "fcmToken": .string("fcm-token-legacy-1"),
        ])
        return [
            ok("The profile members", t, user, profile),
            ok(
                "Quiet hours 22:00–07:00 in Chicago", t + z, user,
                quiet(V.int(1320), V.int(420), .string("America/Chicago"))),
            ok("Minutes 0 and 1439", r, user, quiet(V.int(0), V.int(1439), .string("Europe/Berlin"))),
            ok("A southern-hemisphere zone", z, user, quiet(V.int(60), V.int(120), .string("Australia/Sydney"))),
            ok("UTC", z, user, quiet(V.int(60), V.int(120), .string("UTC"))),
            ok("platform ios", t, user, .object(["platform": .string("ios")])),
            ok("platform null", t, user, .object(["platform": .null])),
            ok("An empty update", t, user, .object([:])),
            bad("Minute 1440", r, user, quiet(V.int(1320), V.int(1440), .string("UTC")), .documentInvalidMember),
            bad("Minute -1", r, user, quiet(V.int(-1), V.int(420), .string("UTC")), .documentInvalidMember),
            bad("Minute 1320.5", r, user, quiet(.number(1320.5), V.int(420), .string("UTC")), .documentInvalidMember),
            bad(
                "Minutes as a string", r, user, quiet(.string("1320"), V.int(420), .string("UTC")),
                .documentInvalidMember),
            bad(
                "An unknown zone", z, user, quiet(V.int(1320), V.int(420), .string("Mars/Olympus")),
                .documentInvalidMember),
            bad(
                "An offset, not a zone", z, user, quiet(V.int(1320), V.int(420), .string("+05:00")),
                .documentInvalidMember),
            bad("An empty zone", z, user, quiet(V.int(1320), V.int(420), .string("")), .documentInvalidMember),
            bad(
                "A lower-case zone", z, user, quiet(V.int(1320), V.int(420), .string("america/chicago")),
                .documentInvalidMember),
            bad(
                "quietHoursEnabled as a string", t, user, .object(["quietHoursEnabled": .string("true")]),
                .documentInvalidMember),
            bad("platform web", r, user, .object(["platform": .string("web")]), .documentInvalidMember),
            bad("platform Android (case)", r, user, .object(["platform": .string("Android")]), .documentInvalidMember),
            bad("displayName null", t, user, .object(["displayName": .null]), .documentInvalidMember),
            bad("hasPremium", s, user, .object(["hasPremium": .bool(true)]), .documentServerMember),
            bad("coupleId", s, user, .object(["coupleId": .string("c1")]), .documentServerMember),
            bad(
                "A member outside the allowlist", s, user, .object(["favoriteColor": .string("red")]),
                .documentUnknownMember),
            bad(
                "A bad type is named before a server member", t + s, user,
                .object(["hasPremium": .bool(true), "platform": .string("web")]), .documentInvalidMember),
        ]
    }

    static func couples() -> [VectorCase] {
        let t = [types]
        let s = [server]
        let c = "couples/c1"
        return [
            ok(
                "The recovery wrap", t, c,
                .object([
                    "wrappedCoupleKey": .string("AQID"), "kdfSalt": .string("BAUG"),
                    "kdfParams": .string("argon2id:v=19,m=65536,t=3,p=1"),
                ])),
            ok("The rhythm", t, c, .object(["streakCount": V.int(3), "lastAnsweredAt": t0])),
            ok("lastAnsweredAt null", t, c, .object(["streakCount": V.int(0), "lastAnsweredAt": .null])),
            bad("An empty kdfSalt", t, c, .object(["kdfSalt": .string("")]), .documentInvalidMember),
            bad("A negative streak", t, c, .object(["streakCount": V.int(-1)]), .documentInvalidMember),
            bad("A fractional streak", t, c, .object(["streakCount": .number(2.5)]), .documentInvalidMember),
            bad(
                "lastAnsweredAt as text", t, c, .object(["lastAnsweredAt": .string("2026-06-15T23:00:00Z")]),
                .documentInvalidMember),
            bad("currentQuestionId", s, c, .object(["currentQuestionId": .string("q1")]), .documentServerMember),
            bad("activePackId", s, c, .object(["activePackId": .null]), .documentServerMember),
            bad("encryptionVersion", s, c, .object(["encryptionVersion": V.int(2)]), .documentServerMember),
            bad("userIds", s, c, .object(["userIds": .array([.string("a"), .string("b")])]), .documentServerMember),
            bad("A member the model lacks", s, c, .object(["nickname": .string("x")]), .documentUnknownMember),
        ]
    }

    static func fcmTokens() -> [VectorCase] {
        let t = [types]
        let q = [required]
        let p = "users/alice/fcmTokens/tok1"
        func doc(_ m: [String: JSONValue]) -> JSONValue {
            .object(["token": .string("fcm-1"), "platform": .string("android"), "updatedAt": t0].merging(m) { $1 })
        }
        var noPlatform = doc([:])
        if case .object(var m) = noPlatform { m["platform"] = nil; noPlatform = .object(m) }
        return [
            ok("A token document", t, p, doc([:])),
            ok("With a device id (the member name is not stated)", t, p, doc(["deviceId": .string("d1")])),
            bad("platform null", t, p, doc(["platform": .null]), .documentInvalidMember),
            bad("platform web", t, p, doc(["platform": .string("web")]), .documentInvalidMember),
            bad("An empty token", t, p, doc(["token": .string("")]), .documentInvalidMember),
            bad(
                "updatedAt as milliseconds", t, p, doc(["updatedAt": V.int(1_781_564_400_000)]), .documentInvalidMember),
            bad("No platform", q, p, noPlatform, .documentMissingMember),
        ]
    }
}
