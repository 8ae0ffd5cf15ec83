// The documents suite's server-written documents and refused paths. Normative: specs/documents.md.

import CloserVectorModel
import CloserWire

extension DocumentsSuite {
    static func without(_ doc: JSONValue, _ name: String) -> JSONValue {
        guard case .object(var m) = doc else { return doc }
        m[name] = nil
        return .object(m)
    }

    static func with(_ doc: JSONValue, _ name: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var m) = doc else { return doc }
        m[name] = value
        return .object(m)
    }

    static func notificationQueue() -> [VectorCase] {
        let t = [types]
        let q = [required]
        let p = "users/bob/notification_queue/n1"
        let record: JSONValue = .object([
            "type": .string("daily_question"), "title": .string("Today's question"),
            "body": .string("Answer together"), "read": .bool(false), "sent": .bool(false), "createdAt": t0,
        ])
        let minimal: JSONValue = .object(["type": .string("partner_joined"), "read": .bool(false), "createdAt": t0])
        return [
            ok("A reminder placeholder", t, p, record),
            ok("type, read and createdAt only", t, p, minimal),
            ok("Caller-supplied members are kept", t, p, with(minimal, "gameId", .string("g1"))),
            bad("No read", q, p, without(record, "read"), .documentMissingMember),
            bad("No createdAt", q, p, without(record, "createdAt"), .documentMissingMember),
            bad("No type", q, p, without(record, "type"), .documentMissingMember),
            bad("read as a string", t, p, with(record, "read", .string("false")), .documentInvalidMember),
            bad("sent null", t, p, with(record, "sent", .null), .documentInvalidMember),
            bad("An empty type", t, p, with(record, "type", .string("")), .documentInvalidMember),
        ]
    }

    static func outcomes() -> [VectorCase] {
        let t = [types]
        let r = [ranges]
        let doc: JSONValue = .object(["submittedAt": t0, "answers": .object(["q1": V.int(4)])])
        return [
            ok("day_0", t + r, "users/alice/outcomes/day_0", doc),
            ok("day_90", r, "users/alice/outcomes/day_90", doc),
            ok("Empty answers", t, "users/alice/outcomes/day_30", with(doc, "answers", .object([:]))),
            bad("day_45", r, "users/alice/outcomes/day_45", doc, .documentInvalidID),
            bad("day_0 spelled day0", r, "users/alice/outcomes/day0", doc, .documentInvalidID),
            bad(
                "answers as an array", t, "users/alice/outcomes/day_60", with(doc, "answers", .array([])),
                .documentInvalidMember),
            bad(
                "No submittedAt", [required], "users/alice/outcomes/day_60", without(doc, "submittedAt"),
                .documentMissingMember),
            bad(
                "An extra member", t, "users/alice/outcomes/day_60", with(doc, "note", .string("x")),
                .documentUnknownMember),
        ]
    }

    static func dailyQuestion() -> [VectorCase] {
        let t = [types]
        let p = "couples/c1/daily_question/2026-06-15"
        let doc: JSONValue = .object([
            "questionId": .string("q_default_daily"), "date": .string("2026-06-15"), "assignedAt": t0,
            "expiresAt": ts("2026-06-16T18:00:00-05:00"),
        ])
        return [
            ok("The assigned question", t, p, doc),
            ok(
                "29 February", [paths], "couples/c1/daily_question/2028-02-29", with(doc, "date", .string("2028-02-29"))
            ),
            bad("date is not the id", t, p, with(doc, "date", .string("2026-06-16")), .documentInvalidMember),
            bad("expiresAt at assignedAt", t, p, with(doc, "expiresAt", t0), .documentInvalidMember),
            bad(
                "expiresAt before assignedAt", t, p, with(doc, "expiresAt", ts("2026-06-15T22:00:00Z")),
                .documentInvalidMember),
            bad("An empty questionId", t, p, with(doc, "questionId", .string("")), .documentInvalidMember),
            bad("No expiresAt", [required], p, without(doc, "expiresAt"), .documentMissingMember),
            bad("An extra member", t, p, with(doc, "isPremium", .bool(false)), .documentUnknownMember),
            bad(
                "A timestamp with two members", t, p,
                with(
                    doc, "assignedAt", .object(["timestampValue": .string("2026-06-15T23:00:00Z"), "nanos": V.int(0)])),
                .documentInvalidMember),
            bad("An id that is not a date", [paths], "couples/c1/daily_question/2026-6-15", doc, .documentInvalidID),
            bad("30 February", [paths], "couples/c1/daily_question/2026-02-30", doc, .documentInvalidID),
        ]
    }

    static func pathCases() -> [VectorCase] {
        let p = [paths]
        let empty: JSONValue = .object([:])
        return [
            bad("An uncovered collection", p, "users/alice/devices/d1", empty, .documentUnknownPath),
            bad("A collection path", p, "users", empty, .documentUnknownPath),
            bad("An empty segment", p, "users//fcmTokens/t1", empty, .documentUnknownPath),
            bad("A leading slash", p, "/users/alice", empty, .documentUnknownPath),
            bad("The path is checked before the document", p, "questions/q1", .null, .documentUnknownPath),
            bad("A document that is an array", p, "users/alice", .array([]), .documentNotObject),
            bad("A document that is null", p, "users/alice/outcomes/day_0", .null, .documentNotObject),
        ]
    }
}
