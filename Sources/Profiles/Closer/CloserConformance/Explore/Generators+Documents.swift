// The generator of `doc.validate` (specs/documents.md): a covered path (or a bad one: an empty
// segment, an unknown collection, an outcome day or a daily_question date that is not one) and a
// document built from its collection's members, each sometimes missing or replaced by a value of
// another type or out of range, plus server-controlled and unknown members (names from every
// plane). daily_question timestamps straddle each other to the nanosecond and across offsets.
// Normative: specs/explore.md §"Generators".

import CloserHarness
import CloserWire

extension ExploreGenerator {
    static var documents: [ExploreGenerator] {
        [ExploreGenerator(.documentValidate, documentValidate)]
    }

    @Sendable static func documentValidate(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        let (path, members, extras) = r.documentPath()
        var doc: [String: JSONValue] = [:]
        for (name, value) in members where r.chance(85) {
            doc[name] = r.chance(85) ? value : r.documentBadValue()
        }
        if r.chance(30) { doc[r.pick(extras + ["favoriteColor", "deviceId", ""])] = r.documentBadValue() }
        if r.chance(10) { doc[r.text(max: 6, long: false)] = .bool(true) }
        if r.chance(5) {
            return GeneratedInput(["path": .string(path), "document": r.pick([.null, .array([]), .string("x")])])
        }
        return GeneratedInput(["path": .string(path), "document": .object(doc)])
    }
}

extension ExploreRandom {
    /// A path, its collection's members with valid values, and the collection's other names
    /// (server-controlled, or kept by an open collection).
    func documentPath() -> (String, [(String, JSONValue)], [String]) {
        let uid = chance(90) ? "alice" : id()
        switch below(12) {
        case 0, 1: return ("users/\(uid)", usersMembers(), ["hasPremium", "coupleId"])
        case 2, 3:
            return (
                "couples/c1", couplesMembers(),
                ["currentQuestionId", "activePackId", "id", "userIds", "inviteCode", "createdAt", "encryptionVersion"]
            )
        case 4:
            let ts = documentTimestamp()
            return (
                "users/\(uid)/fcmTokens/t1",
                [("token", .string("fcm-1")), ("platform", .string(pick(["android", "ios"]))), ("updatedAt", ts)],
                ["deviceId"]
            )
        case 5: return ("users/\(uid)/notification_queue/n1", notificationMembers(), ["gameId"])
        case 6:
            let day =
                chance(90) ? pick(["day_0", "day_30", "day_60", "day_90"]) : pick(["day_45", "day0", "DAY_0", "day_"])
            let answers: JSONValue = .object(["q1": .number(Double(below(6)))])
            return ("users/\(uid)/outcomes/\(day)", [("submittedAt", documentTimestamp()), ("answers", answers)], [])
        case 7, 8: return dailyQuestion()
        default:
            let bad = [
                "users", "users//fcmTokens/t1", "/users/alice", "users/alice/", "questions/q1", "users/a/devices/d1",
                "",
            ]
            return (pick(bad), usersMembers(), [])
        }
    }

    func usersMembers() -> [(String, JSONValue)] {
        let minute = { JSONValue.number(Double(self.chance(90) ? self.below(1440) : self.pick([0, 1439, 1440, -1]))) }
        return [
            ("email", .string("a@example.com")), ("displayName", .string(text(max: 8, long: false))),
            ("photoUrl", pick([.null, .string("https://x.io/p.png")])),
            ("platform", pick([.null, .string("android"), .string("ios")])),
            ("fcmToken", .string("fcm-legacy")), ("quietHoursEnabled", .bool(chance(80))),
            ("quietHoursStartMinutes", minute()), ("quietHoursEndMinutes", minute()),
            ("timezone", .string(documentZone())),
        ]
    }

    func couplesMembers() -> [(String, JSONValue)] {
        [
            ("wrappedCoupleKey", .string("AQID")), ("kdfSalt", .string("BAUG")),
            ("kdfParams", .string("argon2id:v=19,m=65536,t=3,p=1")),
            ("streakCount", .number(Double(pick([0, 3, 2_147_483_647, 2_147_483_648, -1])))),
            ("lastAnsweredAt", chance(20) ? .null : documentTimestamp()),
        ]
    }

    func notificationMembers() -> [(String, JSONValue)] {
        [
            ("type", .string(pick(["daily_question", "partner_joined", ""]))), ("read", .bool(chance(80))),
            ("createdAt", documentTimestamp()), ("sent", .bool(chance(50))), ("title", .string("T")),
            ("body", .string("B")),
        ]
    }

    /// couples/{id}/daily_question/{date}: the id a date (or not), `date` the id (or another),
    /// expiresAt a nanosecond, a second or an offset's spelling away from assignedAt.
    func dailyQuestion() -> (String, [(String, JSONValue)], [String]) {
        let date =
            chance(85)
            ? pick(["2026-06-15", "2028-02-29", "0001-01-01", "9999-12-31"])
            : pick(
                [
                    "2026-02-29", "2026-6-15", "0000-01-01", "2026-13-01", "2026-06-31", "20260615",
                    "2026-06-15T00:00:00Z",
                ])
        let assigned = "2026-06-15T23:00:00" + pick(["", ".5", ".999999999"]) + "Z"
        let expires = pick([
            "2026-06-16T23:00:00Z", "2026-06-15T23:00:00Z", "2026-06-15T23:00:00.500000001Z", "2026-06-15T23:00:00.5Z",
            "2026-06-16T04:30:00+05:30", "2026-06-16T04:30:01+05:30", "2026-06-15T22:59:59.999999999Z", instant(),
        ])
        let members: [(String, JSONValue)] = [
            ("questionId", .string(pick(["q_default_daily", "q1", ""]))),
            ("date", .string(chance(85) ? date : "2026-06-16")),
            ("assignedAt", .object(["timestampValue": .string(assigned)])),
            ("expiresAt", .object(["timestampValue": .string(expires)])),
        ]
        return ("couples/c1/daily_question/\(date)", members, ["isPremium"])
    }

    /// A timestamp (an instant as `instant()` spells it), sometimes with a second member.
    func documentTimestamp() -> JSONValue {
        let ts = timestampValue()
        guard chance(5), case .object(var m) = ts else { return ts }
        m["nanos"] = .number(0)
        return .object(m)
    }

    /// Canonical tz ids and non-zones only: aliases are outside the vectors (documents.md §Types).
    func documentZone() -> String {
        pick([
            "UTC", "America/Chicago", "Europe/Berlin", "Australia/Sydney", "Asia/Kathmandu", "Pacific/Chatham",
            "Etc/GMT+12", "Mars/Olympus", "+05:00", "", "america/chicago", "UTC ", "Europe/berlin",
        ])
    }

    /// A value of another type or out of range.
    func documentBadValue() -> JSONValue {
        pick([
            .null, .string(""), .string("x"), .number(-1), .number(1440), .number(2.5), .number(1e300), .bool(true),
            .array([]), .object([:]), .object(["timestampValue": .string("x")]), .string(documentZone()),
            .string("web"), .string("Android"), .number(1_781_564_400_000),
        ])
    }
}
