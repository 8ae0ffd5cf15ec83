// `inspect --profile unstoppable`: the Unstoppable values a string alone can be recognised as — a
// routineTime (`HH:mm`), a progress date (`yyyy-MM-dd`), a paymentOption, or a /v1 body given as
// JSON (an object with the endpoint's members is tried against every pinned body). Normative:
// specs/profiles/unstoppable/payloads.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

package enum UnstoppableInspector {
    package static func inspect(_ text: String) -> WireInspection {
        var r = WireInspection()
        r.add("input", "length", .number(Double(text.utf8.count)))
        if text.hasPrefix("{") {
            return body(text, r)
        }
        if text.utf8.count <= 6, text.contains(":") {
            do {
                let t = try UnstoppableRoutineTime(parsing: text)
                r.add("routineTime", "hour", .number(Double(t.hour)))
                r.add("routineTime", "minute", .number(Double(t.minute)))
            } catch { r.failure = error }
            return r
        }
        if UnstoppableEndpoints.paymentOptions.contains(text) {
            r.add("paymentOption", "value", .string(text))
            return r
        }
        do {
            let d = try UnstoppableDay.parse(text)
            r.add("date", "year", .number(Double(d.year)))
            r.add("date", "month", .number(Double(d.month)))
            r.add("date", "day", .number(Double(d.day)))
        } catch {
            r.failure = CloserError(
                error.code,
                "not an Unstoppable routineTime (HH:mm), date (yyyy-MM-dd), paymentOption or JSON body: \(error.reason)"
            )
        }
        return r
    }

    /// Every pinned body the JSON object satisfies, or the first endpoint's refusal.
    static func body(_ text: String, _ start: WireInspection) -> WireInspection {
        var r = start
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch {
            r.failure = error
            return r
        }
        var firstFailure: CloserError?
        var matches: [JSONValue] = []
        for endpoint in endpoints {
            for message in UnstoppableMessage.allCases where UnstoppableEndpoints.schema(endpoint, message) != nil {
                do {
                    _ = try UnstoppableEndpoints.validate(endpoint, message, body: value)
                    matches.append(.string("\(endpoint) \(message.rawValue)"))
                } catch { firstFailure = firstFailure ?? CloserError(error.code, "\(endpoint): \(error.reason)") }
            }
        }
        r.add("body", "matches", .array(matches))
        if matches.isEmpty { r.failure = firstFailure }
        return r
    }

    static let endpoints = [
        "GET /v1/bootstrap", "POST /v1/user/profile", "PUT /v1/routines/current", "POST /v1/progress/daily",
        "GET /v1/user/subscription", "POST /v1/payments/subscription/snapshot", "POST /v1/payments/revenuecat/webhook",
    ]
}
