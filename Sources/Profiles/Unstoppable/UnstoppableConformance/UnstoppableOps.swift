// Harness ops of the Unstoppable profile (the /v1 REST contract): declarations (rows of the op
// table spliced into specs/profiles/unstoppable/payloads.md §"Harness ops") and handlers.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

extension HarnessOpSpec {
    static let unstoppableValidate = Self(
        "unstoppable.validate", family: "unstoppable",
        fields: [
            .required("endpoint", "`METHOD /v1/...`, payloads.md §Endpoints"),
            .required("message", "`request` or `response`"), .required("body", "JSON value"),
        ], output: [.required("fields", "the body's top-level member names, sorted")], layer: .contract)
    static let unstoppableRoutineTime = Self(
        "unstoppable.routineTime", family: "unstoppable",
        fields: [.required("hour", "integer"), .required("minute", "integer")],
        output: [.required("routineTime", "`HH:mm`")], layer: .contract)
    static let unstoppableDayKey = Self(
        "unstoppable.dayKey", family: "unstoppable",
        fields: [.required("instant", "RFC 3339, date-keys.md §Instants"), .required("utcOffsetMinutes", "integer")],
        output: [.required("date", "`yyyy-MM-dd`")], layer: .contract)
    static let unstoppableWebhook = Self(
        "unstoppable.webhook", family: "unstoppable",
        fields: [.required("events", "array of webhook bodies, in delivery order")],
        output: [
            .required("subscription", "the final `Subscription`, webhook.md"), .required("applied", "event ids"),
            .required("ignored", "`[{id, reason}]` in delivery order"),
        ], layer: .contract)
    static let unstoppableAuth = Self(
        "unstoppable.auth", family: "unstoppable",
        fields: [
            .required("build", "`debug` or `release`"),
            .required("headers", "array of `[name, value]` string pairs, as received, auth.md"),
        ],
        output: [
            .required("scheme", "`bearer` or `devUser`"),
            .required("userId", "the `X-User-Id` for `devUser`, else null (a token is never echoed)"),
        ], layer: .contract)
    static let unstoppableProfileCompletion = Self(
        "unstoppable.profileCompletion", family: "unstoppable",
        fields: [.required("profile", "the stored profile, bootstrap's `profile`, profile-completion.md")],
        output: [
            .required("isProfileComplete", "boolean"), .required("profileCompletion", "integer percent 0...100"),
        ], layer: .contract)
    static let unstoppableUserRecords = Self(
        "unstoppable.userRecords", family: "unstoppable",
        fields: [.required("signIns", "array of `{uid, email (string or null), emailVerified}`, in order")],
        output: [.required("records", "the record id each sign-in writes to, user-records.md")], layer: .contract)
}

enum UnstoppableOps {
    static let all: [HarnessOp] = [
        HarnessOp(.unstoppableValidate) { r throws(CloserError) in
            let endpoint = try r.string("endpoint")
            let messageName = try r.string("message")
            guard let message = UnstoppableMessage(rawValue: messageName) else {
                throw CloserError(.harnessMalformedRequest, "field \"message\" must be request or response")
            }
            let fields = try UnstoppableEndpoints.validate(endpoint, message, body: try r.json("body"))
            return ["fields": .array(fields.map(JSONValue.string))]
        },
        HarnessOp(.unstoppableRoutineTime) { r throws(CloserError) in
            let hour = try r.integer("hour", in: -1_000_000...1_000_000)
            let minute = try r.integer("minute", in: -1_000_000...1_000_000)
            return ["routineTime": .string(try UnstoppableRoutineTime(hour: Int(hour), minute: Int(minute)).text)]
        },
        HarnessOp(.unstoppableDayKey) { r throws(CloserError) in
            let instant = try Instant(rfc3339: try r.string("instant"))
            let offset = try r.integer("utcOffsetMinutes", in: -1_000_000...1_000_000)
            return ["date": .string(try UnstoppableDay.key(at: instant, utcOffsetMinutes: Int(offset)))]
        },
        HarnessOp(.unstoppableAuth) { r throws(CloserError) in
            guard let build = UnstoppableBuild(rawValue: try r.string("build")) else {
                throw CloserError(.harnessMalformedRequest, "field \"build\" must be debug or release")
            }
            let credential = try UnstoppableAuth.credential(headers: try authHeaders(r.json("headers")), build: build)
            switch credential {
            case .bearer: return ["scheme": .string("bearer"), "userId": .null]
            case .devUser(let id): return ["scheme": .string("devUser"), "userId": .string(id)]
            }
        },
        HarnessOp(.unstoppableProfileCompletion) { r throws(CloserError) in
            let completion = try UnstoppableProfileCompletion(profile: try r.json("profile"))
            return [
                "isProfileComplete": .bool(completion.isComplete),
                "profileCompletion": .number(Double(completion.percent)),
            ]
        },
        HarnessOp(.unstoppableUserRecords) { r throws(CloserError) in
            guard case .array(let signIns) = try r.json("signIns") else {
                throw CloserError(.harnessMalformedRequest, "field \"signIns\" must be an array")
            }
            var records = UnstoppableUserRecords()
            var out: [JSONValue] = []
            for s in signIns {
                guard case .string(let uid)? = s["uid"], case .bool(let verified)? = s["emailVerified"] else {
                    throw CloserError(.harnessMalformedRequest, "a sign-in is {uid, email, emailVerified}")
                }
                let email: String?
                switch s["email"] {
                case .string(let e)?: email = e
                case .null?: email = nil
                default: throw CloserError(.harnessMalformedRequest, "a sign-in's email is a string or null")
                }
                out.append(.string(try records.signIn(uid: uid, email: email, emailVerified: verified)))
            }
            return ["records": .array(out)]
        },
        HarnessOp(.unstoppableWebhook) { r throws(CloserError) in
            guard case .array(let events) = try r.json("events") else {
                throw CloserError(.harnessMalformedRequest, "field \"events\" must be an array")
            }
            var ledger = UnstoppableSubscriptionLedger()
            var applied: [JSONValue] = []
            var ignored: [JSONValue] = []
            for event in events {
                let reason = try ledger.receive(event)
                let id = JSONValue.string(event["event"]?["id"]?.stringValue ?? "")
                if let reason {
                    ignored.append(.object(["id": id, "reason": .string(reason.rawValue)]))
                } else {
                    applied.append(id)
                }
            }
            return ["subscription": ledger.subscription.json, "applied": .array(applied), "ignored": .array(ignored)]
        },
    ]

    /// `[[name, value], ...]` of strings, else `harness.malformed_request`.
    static func authHeaders(_ json: JSONValue) throws(CloserError) -> [(name: String, value: String)] {
        guard case .array(let pairs) = json else {
            throw CloserError(.harnessMalformedRequest, "field \"headers\" must be an array of [name, value]")
        }
        var headers: [(name: String, value: String)] = []
        for pair in pairs {
            guard case .array(let items) = pair, items.count == 2, case .string(let name) = items[0],
                case .string(let value) = items[1]
            else { throw CloserError(.harnessMalformedRequest, "a header is [name, value], two strings") }
            headers.append((name, value))
        }
        return headers
    }
}
