// The contract suites: callables, date keys, push routing. Every plain case is run
// through the harness server; date keys are also checked against Foundation's calendar, an
// implementation independent of DateKey's arithmetic. Normative: specs/callables.md,
// specs/date-keys.md, specs/push-routing.md.

import CloserRules
import CloserWire
import CloserWireArgon2
import Foundation
import Testing

@testable import CloserHarness
@testable import CloserVectors

@Suite("contract suites")
struct ContractSuitesTests {
    let server = HarnessServer()

    /// Runs a case and returns nil when it conforms, else why not.
    func run(_ c: ContractCase) throws -> String? {
        var fields = c.input
        fields["op"] = .string(c.op)
        fields["id"] = .number(1)
        let line = try CanonicalJSON.serialize(.object(fields))
        let response = try JSONValue(parsing: Array(server.respond(toLine: line).utf8))
        let ok = response["ok"] == .bool(true)
        if let expectedError = c.expected["error"] {
            if ok { return c.result == "acceptable" ? nil : "expected an error, got \(response)" }
            if response["error"]?["code"] != expectedError["code"] || response["error"]?["detail"] != expectedError["detail"] {
                return "expected \(expectedError), got \(response["error"] as Any)"
            }
            return nil
        }
        guard ok else { return "expected success, got \(response)" }
        for (k, v) in c.expected where !Self.contains(response[k], v) {
            return "member \(k): expected \(v), got \(response[k] as Any)"
        }
        return nil
    }

    /// `actual` holds every member of `expected` (objects compared by subset, arrays elementwise).
    static func contains(_ actual: JSONValue?, _ expected: JSONValue) -> Bool {
        switch (actual, expected) {
        case (.object(let a)?, .object(let e)):
            return e.allSatisfy { contains(a[$0.key], $0.value) }
        case (.array(let a)?, .array(let e)):
            return a.count == e.count && zip(a, e).allSatisfy { contains($0, $1) }
        default: return actual == expected
        }
    }

    @Test("every date_keys case", arguments: DateKeysCases.cases.indices)
    func dateKeys(_ i: Int) throws {
        let c = DateKeysCases.cases[i]
        #expect(try run(c) == nil, "\(c.comment)")
    }

    @Test("every push_routing case", arguments: PushRoutingCases.cases.indices)
    func pushRouting(_ i: Int) throws {
        let c = PushRoutingCases.cases[i]
        #expect(try run(c) == nil, "\(c.comment)")
    }

    @Test("every callables case")
    func callables() throws {
        let cases = try CallablesCases.cases()
        #expect(cases.count >= 25)
        for c in cases { #expect(try run(c) == nil, "\(c.comment)") }
    }

    @Test("the iOS [:] payload is refused with the server's failed-precondition")
    func iosEmptyPayload() throws {
        #expect(throws: CallableRejection.self) { try CallablePayload.validate(.createInvite, payload: .object([:])) }
        do {
            _ = try CallablePayload.validate(.createInvite, payload: .object([:]))
        } catch let r as CallableRejection {
            #expect(r.https == HttpsError("failed-precondition", "Invite is missing encryption material"))
            #expect(r.error.code == .callableMissingEncryptionMaterial)
        }
    }

    @Test("the end-to-end payload opens with the code and the phrase it carries")
    func endToEndOpens() throws {
        let e2e = try CallablesCases.endToEnd()
        let backend = DefaultArgon2idBackend()
        let code = try InviteCode(e2e.payload["code"]!.stringValue!)
        let phrase = try InvitePhraseCipher.decrypt(e2e.payload["recoveryPhrase"]!.stringValue!, code: code, backend: backend)
        #expect(phrase == e2e.intermediates["phrase"]?.stringValue)
        let wrapped = WrappedCoupleKey(
            wrappedCoupleKey: e2e.payload["wrappedCoupleKey"]!.stringValue!, kdfSalt: e2e.payload["kdfSalt"]!.stringValue!,
            kdfParams: e2e.payload["kdfParams"]!.stringValue!)
        let keyset = try CoupleKeyWrap.unwrap(wrapped, phrase: try RecoveryPhrase(normalizing: phrase), backend: backend)
        #expect(Hex.encode(keyset.serializedBytes) == e2e.intermediates["coupleKeyset"]?.stringValue)
    }

    static func foundationKey(_ seconds: Int64, zone: TimeZone) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let d = cal.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
    }

    @Test("date keys agree with Foundation at UTC−6 and UTC over 20,000 instants; Chicago differs only in CDT 05:00–06:00 UTC")
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
            let dq = try DateKey.dailyQuestion(at: instant)
            #expect(dq == Self.foundationKey(s, zone: minus6))
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

    @Test("RFC 3339 parsing matches Foundation's ISO 8601 reading")
    func rfc3339() throws {
        let f = ISO8601DateFormatter()
        for text in ["2025-03-14T18:00:00Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59-06:00", "1969-12-31T23:59:59Z", "9999-12-31T23:59:59Z"] {
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
