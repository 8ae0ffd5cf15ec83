// The contract suites: callables, date keys, push routing. Every case is replayed
// through the harness server by WireSuiteReplayTests; this file checks what that does not: the
// suites' shape, the iOS payload, the end-to-end payload, and every date key against Foundation's
// calendar, an implementation independent of DateKey's arithmetic. Normative: specs/callables.md,
// specs/date-keys.md, specs/push-routing.md.

import CloserContracts
import CloserRules
import CloserWire
import CloserWireArgon2
import Foundation
import Testing

@testable import CloserConformance
@testable import CloserHarness
@testable import CloserVectorModel

@Suite("contract suites")
struct ContractSuitesTests {
    static func suite(_ build: () throws(CloserError) -> WireSuite) throws -> WireSuite { try build() }

    /// What this file adds to the replay test (which runs every case through the server): the
    /// suites' shape — flags with notes on every case, refusals as the pages name them.
    @Test("contract suites: every case flagged, refusals at the contract or json layer, counts")
    func shape() throws {
        for (build, minimum) in [
            (CallablesSuite.build, 55), (DateKeysSuite.build, 90), (PushRoutingSuite.build, 80),
        ] as [(@Sendable () throws(CloserError) -> WireSuite, Int)] {
            let suite = try Self.suite(build)
            #expect(suite.cases.count >= minimum, "\(suite.name): \(suite.cases.count) cases")
            for c in suite.cases {
                #expect(!c.flags.isEmpty, "\(suite.name) \(c.comment)")
                for step in c.steps {
                    if case .error(let code, let layer) = step.expected {
                        #expect([.contract, .json].contains(layer), "\(suite.name) \(c.comment)")
                        #expect(
                            ["callable", "datekey", "push"].contains(code.rawValue.split(separator: ".").first ?? ""))
                    }
                }
            }
        }
    }

    @Test("push_routing: every payload key of the table has an EveryKey case")
    func everyKey() throws {
        let suite = try PushRoutingSuite.build()
        let keys = Set(
            suite.cases.filter { $0.flags.contains(PushRoutingSuite.everyKey) }.compactMap {
                $0.steps[0].input.first { $0.0 == "data" }?.1["type"]?.stringValue
            })
        #expect(keys == Set(PushNotificationType.payloadKeys.map(\.key)))
    }

    @Test("the end-to-end create payload is the one createInviteCallable's document carries")
    func endToEndInSuite() throws {
        let e2e = try CallablesSuite.endToEnd()
        let suite = try CallablesSuite.build()
        let first = try #require(suite.cases.first)
        #expect(first.flags.contains(CallablesSuite.realWireValue))
        #expect(first.steps[0].input.first { $0.0 == "payload" }?.1 == .object(e2e.payload))
    }

    @Test("the iOS [:] payload is refused with the server's failed-precondition")
    func iosEmptyPayload() throws {
        #expect(throws: CallableRejection.self) { try CallablePayload.validate(.createInvite, payload: .object([:])) }
        do {
            _ = try CallablePayload.validate(.createInvite, payload: .object([:]))
        } catch let r {  // typed throws: r is a CallableRejection
            #expect(r.https == HttpsError("failed-precondition", "Invite is missing encryption material"))
            #expect(r.error.code == .callableMissingEncryptionMaterial)
        }
    }

    @Test("the end-to-end payload opens with the code and the phrase it carries")
    func endToEndOpens() throws {
        let e2e = try CallablesSuite.endToEnd()
        let backend = DefaultArgon2idBackend()
        let code = try InviteCode(e2e.payload["code"]!.stringValue!)
        let phrase = try InvitePhraseCipher.decrypt(
            e2e.payload["recoveryPhrase"]!.stringValue!, code: code, backend: backend)
        let inter = Dictionary(uniqueKeysWithValues: e2e.intermediates)
        #expect(phrase == inter["phrase"]?.stringValue)
        let wrapped = WrappedCoupleKey(
            wrappedCoupleKey: e2e.payload["wrappedCoupleKey"]!.stringValue!,
            kdfSalt: e2e.payload["kdfSalt"]!.stringValue!,
            kdfParams: e2e.payload["kdfParams"]!.stringValue!)
        let keyset = try CoupleKeyWrap.unwrap(
            wrapped, phrase: try RecoveryPhrase(normalizing: phrase), backend: backend)
        #expect(Hex.encode(keyset.serializedBytes) == inter["serializedKeyset"]?.stringValue)
    }

    static func foundationKey(_ seconds: Int64, zone: TimeZone) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let d = cal.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
    }

    @Test(
        "date keys agree with Foundation (UTC−6, UTC−23 h, UTC) over 20,000 instants; Chicago differs from the assignment key only in CDT 05:00–06:00 UTC"
    )
    func foundationAgreement() throws {
        var rng = SystemRandomNumberGenerator()
        let minus6 = TimeZone(secondsFromGMT: -6 * 3600)!, utc = TimeZone(secondsFromGMT: 0)!
        let chicago = try #require(TimeZone(identifier: "America/Chicago"))
        var divergent = 0
        for n in 0..<20_000 {
            // Half spread over 1900…2100, half on the 2025 DST days, hour by hour.
            let s: Int64 =
                n % 2 == 0
                ? Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng)
                : 1_741_478_400 + Int64(n % 96) * 1800 + (n % 4 < 2 ? 0 : 20_476_800)
            let instant = Instant(secondsSince1970: s)
            let dq = try DateKey.assignmentKey(at: instant)
            #expect(dq == Self.foundationKey(s, zone: minus6))
            #expect(try DateKey.dailyQuestion(at: instant) == Self.foundationKey(s - 23 * 3600, zone: utc))
            #expect(try DateKey.reminderDay(at: instant) == Self.foundationKey(s, zone: utc))
            // America/Chicago's current DST rules hold from 2007; before that the zone's history differs.
            if s >= 1_173_600_000, dq != Self.foundationKey(s, zone: chicago) {
                divergent += 1
                #expect(chicago.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(s))))
                #expect((s % 86400 + 86400) % 86400 / 3600 == 5, "diverges outside 05:00–06:00 UTC at \(s)")
            }
        }
        #expect(divergent > 0)
    }

    @Test("every valid date_keys case agrees with Foundation's calendar at UTC−23 h / UTC−6 / UTC")
    func dateKeysSuiteAgainstFoundation() throws {
        let suite = try DateKeysSuite.build()
        let utc = TimeZone(secondsFromGMT: 0)!
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var checked = 0
        for c in suite.cases where c.result == .valid {
            let input = Dictionary(uniqueKeysWithValues: c.steps[0].input)
            let text = try #require(input["instant"]?.stringValue)
            guard case .output(let out) = c.steps[0].expected, let key = out.first?.1.stringValue else {
                Issue.record("\(c.comment): no key")
                continue
            }
            // Foundation reads at most millisecond fractions; floor the instant to the second first.
            let secondsText = text.replacingOccurrences(of: #"\.[0-9]+"#, with: "", options: .regularExpression)
            guard let date = plain.date(from: secondsText) ?? fractional.date(from: text) else { continue }
            let s = Int64(date.timeIntervalSince1970.rounded(.down))
            let kind = input["kind"]?.stringValue
            let shift: Int64 = kind == "dailyQuestion" ? -23 * 3600 : kind == "assignmentKey" ? -6 * 3600 : 0
            #expect(Self.foundationKey(s + shift, zone: utc) == key, "\(c.comment): \(text)")
            checked += 1
        }
        #expect(checked >= 60, "Foundation read only \(checked) instants")
    }

    @Test("RFC 3339 parsing matches Foundation's ISO 8601 reading")
    func rfc3339() throws {
        let f = ISO8601DateFormatter()
        for text in [
            "2025-03-14T18:00:00Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59-06:00", "1969-12-31T23:59:59Z",
            "9999-12-31T23:59:59Z",
        ] {
            let mine = try Instant(rfc3339: text)
            let theirs = try #require(f.date(from: text))
            #expect(Double(mine.seconds) == theirs.timeIntervalSince1970.rounded(.down), "\(text)")
        }
        #expect(throws: CloserError.self) { try Instant(rfc3339: "2025-03-14T18:00:00+24:00") }
        #expect(throws: CloserError.self) { try Instant(rfc3339: "2025-03-14T18:00:00ZZ") }
    }

    @Test("every notification type has a payload key, and the table has the manual's 20 keys")
    func pushTable() {
        #expect(PushNotificationType.payloadKeys.count == 20)
        #expect(Set(PushNotificationType.payloadKeys.map(\.type)) == Set(PushNotificationType.allCases))
        #expect(Set(PushNotificationType.payloadKeys.map(\.key)).count == 20)
    }
}
