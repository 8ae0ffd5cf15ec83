// The server-side sections of `capture check` (specs/capture.md §"Server-side captures"): per
// section a capture whose observed members are written from the pages (cloud-functions.md,
// contracts, revenuecat-webhook.md) is confirmed, one changed member is contradicted naming the
// decision, and a section without `observed` is skipped with capture.missing_member. The capture
// made by an independent implementation (ports/node): oracles/python/test_capture_server.py.

import CloserWire
import Foundation
import CloserWireArgon2
import Testing

@testable import CloserHarness

@Suite("capture check: server-side sections")
struct ServerCaptureTests {
    static let material =
        #""wrappedCoupleKey":"q83vEjRWeJA=","kdfSalt":"AAECAwQFBgcICQoLDA0ODw==","#
        + #""kdfParams":"$argon2id$v=19$m=46080,t=3,p=1","recoveryPhrase":"kX9/encrypted==""#

    /// accept: a pending invite, both unpaired (cloud-functions.md §acceptInviteCallable).
    static let acceptInput = #"""
        {"caller":"bob","code":"K7M2QX","now":"2026-06-15T12:00:00Z","attempts":[],
         "invite":{"code":"K7M2QX","inviterUserId":"alice","status":"pending",
                   "expiresAt":{"timestampValue":"2026-06-16T10:00:00Z"},\#(material)},
         "callerUser":{"platform":"android"},"inviterUser":{"platform":"android"},"coupleId":"couple-1"}
        """#
    static let acceptObserved = #"""
        {"outcome":"accepted",
         "attempt":{"code":"K7M2QX","attemptedAt":{"timestampValue":"2026-06-15T12:00:00.000Z"},
                    "expiresAt":{"timestampValue":"2026-06-16T13:00:00Z"}},
         "couple":{"id":"couple-1","userIds":["alice","bob"],"inviteCode":"K7M2QX","encryptionVersion":2,
                   "createdAt":{"timestampValue":"2026-06-15T12:00:01Z"},\#(material)},
         "response":{"coupleId":"couple-1",\#(material)},
         "linkUsers":["alice","bob"],"inviteUpdate":{"status":"accepted","deleteMembers":["recoveryPhrase"]}}
        """#
    /// create: createInviteCallable's writes (cloud-functions.md §createInviteCallable).
    static let createInput = #"""
        {"caller":"alice","payload":{"code":"K7m2qx",\#(material)},"now":"2026-06-15T12:00:00Z","existing":null}
        """#
    static let createObserved = #"""
        {"outcome":"created","response":{"code":"K7m2qx"},
         "invite":{"code":"K7m2qx","inviterUserId":"alice","status":"pending",
                   "createdAt":{"timestampValue":"2026-06-15T12:00:00Z"},
                   "expiresAt":{"timestampValue":"2026-06-16T12:00:00Z"},\#(material)},
         "queue":{"type":"invite_created","read":false,"createdAt":{"timestampValue":"2026-06-15T12:00:00.2Z"}}}
        """#
    /// push: the legacy token first, then the fcmTokens documents, deduplicated (D-CF-47).
    static let pushInput = #"""
        {"type":"partner_answered","data":{},"title":"Sam answered","body":"Open",
         "user":{"fcmToken":"tok-L"},"tokenDocs":[{"token":"tok-A"},{"token":"tok-L"}]}
        """#
    static let pushObserved = #"""
        {"tokens":["tok-L","tok-A"],"data":{"type":"partner_answered"},"notification":{"title":"Sam answered","body":"Open"}}
        """#
    /// webhook: three refusals that need no signature (revenuecat-webhook.md §Checks).
    static let webhook = #"""
        {"signingKey":"MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=","deliveries":[
          {"method":"GET","headers":{},"body":"","status":405},
          {"method":"post","headers":{},"body":"","status":405},
          {"method":"POST","headers":{},"body":"7b7d","status":401}]}
        """#

    static func capture(_ sections: [String: String]) -> [UInt8] {
        let body = sections.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        return Array(#"{"format":"closer-capture/1",\#(body)}"#.utf8)
    }

    static func section(_ input: String, _ observed: String) -> String {
        #"{"input":\#(input),"observed":\#(observed)}"#
    }

    func check(_ sections: [String: String]) throws -> CaptureReport {
        try CaptureCheck.check(Self.capture(sections), backend: SwiftArgon2idBackend())
    }

    static let confirmed: [(String, String, [String])] = [
        (
            "acceptInviteWrites", section(acceptInput, acceptObserved),
            ["D-CF-22", "D-CF-23", "D-CF-33", "D-CF-35", "D-CF-36", "D-CF-40", "D-CF-64", "D-CONTRACTS-05"]
        ),
        (
            "createInviteWrites", section(createInput, createObserved),
            ["D-CF-71", "D-CF-73", "D-CF-74", "D-CONTRACTS-03", "D-CONTRACTS-06"]
        ),
        ("pushMessages", section(pushInput, pushObserved), ["D-CF-28", "D-CF-47", "D-CF-48", "D-CONTRACTS-09"]),
        ("revenueCatWebhook", webhook, ["D-HOOK-01", "D-HOOK-03", "D-HOOK-04", "D-HOOK-07"]),
    ]

    @Test("a capture written from the pages is confirmed", arguments: confirmed.indices)
    func confirmedSection(_ i: Int) throws {
        let (name, text, ids) = Self.confirmed[i]
        let report = try check([name: text])
        #expect(!report.hasContradiction, "\(report.findings.filter { $0.status == .contradicted })")
        for id in ids { #expect(report.status(of: id) == .confirmed, "\(name): \(id)") }
        #expect(report.notes.isEmpty, "\(report.notes)")
    }

    static let contradicted: [(String, String, String)] = [
        (
            "acceptInviteWrites",
            section(
                acceptInput,
                acceptObserved.replacingOccurrences(
                    of: #"["alice","bob"],"inviteCode""#, with: #"["bob","alice"],"inviteCode""#)),
            "D-CF-40"
        ),
        (
            "acceptInviteWrites",
            section(acceptInput, acceptObserved.replacingOccurrences(of: "2026-06-16T13", with: "2026-06-16T12")),
            "D-CF-35"
        ),
        (
            "createInviteWrites",
            section(
                createInput,
                createObserved.replacingOccurrences(
                    of: #""code":"K7m2qx","inviterUserId""#, with: #""code":"K7M2QX","inviterUserId""#)),
            "D-CF-73"
        ),
        (
            "createInviteWrites",
            section(createInput, createObserved.replacingOccurrences(of: "invite_created", with: "invite")),
            "D-CF-71"
        ),
        (
            "pushMessages",
            section(
                pushInput, pushObserved.replacingOccurrences(of: #"["tok-L","tok-A"]"#, with: #"["tok-A","tok-L"]"#)),
            "D-CF-47"
        ),
        (
            "pushMessages",
            section(
                pushInput,
                pushObserved.replacingOccurrences(
                    of: #"{"type":"partner_answered"}"#, with: #"{"type":"partner_answered","x":"1"}"#)),
            "D-CONTRACTS-09"
        ),
        (
            "revenueCatWebhook",
            webhook.replacingOccurrences(
                of: #""post","headers":{},"body":"","status":405"#, with: #""post","headers":{},"body":"","status":401"#
            ),
            "D-HOOK-07"
        ),
    ]

    @Test("one changed member is contradicted, naming the decision", arguments: contradicted.indices)
    func contradictedSection(_ i: Int) throws {
        let (name, text, id) = Self.contradicted[i]
        let base = Self.confirmed.first { $0.0 == name }!.1
        #expect(text != base, "the change did not apply")
        let report = try check([name: text])
        #expect(report.status(of: id) == .contradicted, "\(name): \(id) \(report.findings)")
        for f in report.findings { #expect(!f.detail.contains("kX9/") && !f.detail.contains("tok-")) }
    }

    @Test("a section without observed, or with a member the op does not read, is skipped")
    func missingMember() throws {
        let report = try check([
            "acceptInviteWrites": #"{"input":\#(Self.acceptInput)}"#,
            "createInviteWrites": Self.section(
                Self.createInput.replacingOccurrences(of: #""existing":null"#, with: #""existing":null,"extra":1"#),
                Self.createObserved),
            "pushMessages": Self.section(
                Self.pushInput.replacingOccurrences(of: #""title":"Sam answered","#, with: ""), Self.pushObserved),
            "revenueCatWebhook": #"{"signingKey":null,"deliveries":[{"method":"POST","body":"7b7d","status":200}]}"#,
        ])
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.notes.count == 4, "\(report.notes)")
        #expect(report.notes.allSatisfy { $0.hasSuffix("skipped") })
    }
}
