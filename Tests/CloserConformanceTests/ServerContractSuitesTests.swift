// The server-contract suites: quiet hours, entitlements, the RevenueCat webhook, the
// gentle-reminder limit. WireSuiteReplayTests replays every case through the harness server; this
// file checks the suites' shape and that realistic mistakes fail named cases. The independent
// checks (zoneinfo, cryptography's Ed25519) are oracles/python/test_server_contracts.py.
// Normative: specs/quiet-hours.md, specs/entitlements.md, specs/revenuecat-webhook.md,
// specs/cloud-functions.md.

import CloserContracts
import CloserWire
import Foundation
import Testing

@testable import CloserConformance
@testable import CloserVectorModel

@Suite("server contract suites")
struct ServerContractSuitesTests {
    @Test("every case flagged, refusals are datekey.invalid_instant at layer contract, counts")
    func shape() throws {
        for (build, minimum) in [
            (QuietHoursSuite.build, 80), (EntitlementsSuite.build, 35), (RevenueCatWebhookSuite.build, 40),
            (GentleReminderSuite.build, 20),
        ] as [(@Sendable () throws(CloserError) -> WireSuite, Int)] {
            let suite = try build()
            #expect(suite.cases.count >= minimum, "\(suite.name): \(suite.cases.count) cases")
            for c in suite.cases {
                #expect(!c.flags.isEmpty, "\(suite.name) \(c.comment)")
                for step in c.steps {
                    if case .error(let code, let layer) = step.expected {
                        #expect(code == .dateKeyInvalidInstant && layer == .contract, "\(suite.name) \(c.comment)")
                    }
                }
            }
        }
    }

    /// The quiet-hours cases as (user, instant, expected quiet).
    static func quietCases(_ flag: VectorFlag) throws -> [(JSONValue, Instant, Bool)] {
        try QuietHoursSuite.build().cases.filter { $0.flags.contains(flag) }.compactMap { c in
            let input = c.steps[0].input
            guard case .output(let out) = c.steps[0].expected, let user = input.first(where: { $0.0 == "user" })?.1,
                let text = input.first(where: { $0.0 == "instant" })?.1.stringValue
            else { return nil }
            return (user, try Instant(rfc3339: text), out.first { $0.0 == "quiet" }?.1 == .bool(true))
        }
    }

    @Test("quiet_hours: a check that uses the zone's standard offset fails DSTTransition cases")
    func standardOffsetFails() throws {
        func standardOffset(_ zone: String, _ at: Instant) -> Int? {
            guard let tz = TimeZone(identifier: zone) else { return nil }
            let date = Date(timeIntervalSince1970: TimeInterval(at.seconds))
            return tz.secondsFromGMT(for: date) - Int(tz.daylightSavingTimeOffset(for: date))
        }
        let cases = try Self.quietCases(QuietHoursSuite.dst)
        #expect(cases.count >= 30)
        let caught = cases.filter { QuietHours.isQuiet(user: $0.0, at: $0.1, utcOffset: standardOffset) != $0.2 }
        #expect(caught.count >= 8, "caught \(caught.count)")
    }

    @Test("quiet_hours: an inclusive end fails BoundaryMinute cases")
    func inclusiveEndFails() throws {
        let cases = try Self.quietCases(QuietHoursSuite.boundary)
        let caught = cases.filter { user, at, quiet in
            guard let w = QuietHoursWindow(user: user), w.timeZone == "UTC" else { return false }
            let m = QuietHours.localMinute(at: at, utcOffsetSeconds: 0)
            let inclusive =
                w.startMinutes <= w.endMinutes
                ? (m >= w.startMinutes && m <= w.endMinutes) : (m >= w.startMinutes || m <= w.endMinutes)
            return inclusive != quiet
        }
        #expect(!caught.isEmpty)
    }

    @Test("revenuecat_webhook: every 200 names its event, and only signed bodies reach 400 or 200")
    func webhookShape() throws {
        for c in try RevenueCatWebhookSuite.build().cases {
            guard case .output(let out) = c.steps[0].expected,
                case .number(let status)? = out.first(where: { $0.0 == "status" })?.1
            else { continue }
            let has = out.contains { $0.0 == "eventId" }
            #expect(has == (status == 200), "\(c.comment)")
        }
    }
}
