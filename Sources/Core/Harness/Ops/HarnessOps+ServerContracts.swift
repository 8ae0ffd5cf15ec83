// Harness ops for the server contracts: quiet hours, premium evaluation, the RevenueCat webhook.
// Fields: specs/harness.md §"Ops"; semantics: specs/quiet-hours.md, specs/entitlements.md,
// specs/revenuecat-webhook.md.

import CloserContracts
import CloserWire
import Foundation

extension HarnessOps {
    static let serverContracts: [HarnessOp] = [
        // quietHours.check(user, instant) -> quiet
        HarnessOp(.quietHoursCheck) { r throws(CloserError) in
            let user = try r.json("user")
            let instant = try Instant(rfc3339: try r.string("instant"))
            return ["quiet": .bool(QuietHours.isQuiet(user: user, at: instant, utcOffset: TZDatabase.utcOffset))]
        },
        // entitlement.evaluate(own, partner, revenueCatFallback, now) -> premium
        HarnessOp(.entitlementEvaluate) { r throws(CloserError) in
            let own = try snapshot(r, "own")
            let partner = try snapshot(r, "partner")
            let fallback: Bool?
            switch try r.json("revenueCatFallback") {
            case .null: fallback = nil
            case .bool(let b): fallback = b
            default: throw malformed("revenueCatFallback", "must be true, false or null")
            }
            let now = try Instant(rfc3339: try r.string("now"))
            let premium = PremiumEntitlement.isPremium(
                own: own, partner: partner, revenueCatFallback: fallback, now: now)
            return ["premium": .bool(premium)]
        },
        // webhook.revenuecat(method, signingKey, signature, body, processedEventIds?) -> status, eventId?, duplicate?
        HarnessOp(.webhookRevenueCat) { r throws(CloserError) in
            let method = try r.string("method")
            let key = try nullableString(r, "signingKey")
            let signature = try nullableString(r, "signature")
            let body = try r.hex("body")
            var processed: Set<String> = []
            if let ids = r.optionalJSON("processedEventIds") {
                guard case .array(let items) = ids, items.allSatisfy({ $0.stringValue != nil }) else {
                    throw malformed("processedEventIds", "must be an array of strings")
                }
                processed = Set(items.compactMap(\.stringValue))
            }
            let delivery = RevenueCatDelivery(method: method, signingKey: key, signature: signature, body: body)
            let result = RevenueCatWebhook.respond(to: delivery, processedEventIds: processed)
            var out: [String: JSONValue] = ["status": .number(Double(result.status))]
            if let id = result.eventId {
                out["eventId"] = .string(id)
                out["duplicate"] = .bool(result.duplicate)
            }
            return out
        },
        // doc.validate(path, document) -> valid (specs/documents.md)
        HarnessOp(.documentValidate) { r throws(CloserError) in
            let path = try r.string("path")
            let document = try r.json("document")
            try DocumentShape.validate(path: path, document: document) {
                TZDatabase.utcOffset($0, Instant(secondsSince1970: 0)) != nil
            }
            return ["valid": .bool(true)]
        },
        // gentleReminder.rateLimit(record, now) -> allowed, retryAfterMinutes | record
        HarnessOp(.gentleReminderRateLimit) { r throws(CloserError) in
            let record = try r.json("record")
            let nowText = try r.string("now")
            let now = try Instant(rfc3339: nowText)
            let d = GentleReminderRateLimit.decide(record: record == .null ? nil : record, now: now)
            guard d.allowed else {
                return ["allowed": .bool(false), "retryAfterMinutes": .number(Double(d.retryAfterMinutes ?? 0))]
            }
            let start: JSONValue =
                d.restartsWindow
                ? .object(["timestampValue": .string(nowText)])
                : (record["windowStart"] ?? .null)
            return [
                "allowed": .bool(true), "record": .object(["windowStart": start, "count": .number(Double(d.count))]),
            ]
        },
    ]

    static func malformed(_ name: String, _ what: String) -> CloserError {
        CloserError(.harnessMalformedRequest, "field \"\(name)\" \(what)")
    }

    /// A required field that is a string or null.
    static func nullableString(_ r: HarnessRequest, _ name: String) throws(CloserError) -> String? {
        switch try r.json(name) {
        case .null: return nil
        case .string(let s): return s
        default: throw malformed(name, "must be a string or null")
        }
    }

    /// `own` / `partner`: a document (object), `null` (absent) or `"error"` (a listener error).
    static func snapshot(_ r: HarnessRequest, _ name: String) throws(CloserError) -> EntitlementSnapshot {
        switch try r.json(name) {
        case .null: return .absent
        case .string("error"): return .listenerError
        case .object(let doc): return .document(.object(doc))
        default: throw malformed(name, "must be an object, null or \"error\"")
        }
    }
}

/// The tz database as Foundation carries it (specs/quiet-hours.md §Time zones, D-QH-05).
enum TZDatabase {
    /// The zone's UTC offset in seconds at the instant; nil for an identifier Foundation does not
    /// know or that is not spelled as the tz database spells it (Foundation also resolves some
    /// abbreviations and answers "GMT" for "UTC"; `UTC` is kept, other respellings refused).
    @Sendable static func utcOffset(_ zone: String, _ instant: Instant) -> Int? {
        guard let tz = TimeZone(identifier: zone), tz.identifier == zone || zone == "UTC" else { return nil }
        let date = Date(timeIntervalSince1970: TimeInterval(instant.seconds))
        return tz.secondsFromGMT(for: date)
    }
}
