// The reward_e_contracts suite: the stored documents (transaction, goal, child, family,
// subscription), the balance (never negative, Int32 clamp), version locking, the quotas, the
// widget deep link, invite codes and family premium. Normative: specs/profiles/reward-e/contracts.md
// and the pages it lists; every `rewarde.validate` body is also checked against
// specs/profiles/reward-e/documents.schema.json (oracles/python/test_reward_e_schema.py).

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

enum RewardEContractsSuite {
    static let name = "reward_e_contracts"

    static let valid = VectorFlag("Valid", .basic, .contract, "A value both sides accept, as written.")
    static let shape = VectorFlag(
        "Shape", .edgeCase, .contract,
        "A document that is not an object, lacks a required member, has an unknown one, or is out of range.")
    static let wrongType = VectorFlag(
        "WrongType", .edgeCase, .contract, "A member of another JSON type: \"5\" for 5, 1.5 for an integer, null.")
    static let enumValue = VectorFlag("UnknownEnumValue", .edgeCase, .contract, "A value outside its list.")
    static let localOnly = VectorFlag(
        "LocalOnly", .wrongBinding, .contract, "photoFileName is local only: a cloud child document never has it.")
    static let balance = VectorFlag(
        "Balance", .missingStep, .contract, "A spend above the balance is refused; the balance is never negative.")
    static let clamp = VectorFlag(
        "Int32Clamp", .edgeCase, .contract, "Counts are Int32: an earn past 2147483647 stays at 2147483647.")
    static let stale = VectorFlag(
        "StaleVersion", .missingStep, .contract, "A write based on another version than the stored one is refused.")
    static let quota = VectorFlag(
        "Quota", .resourceBound, .contract, "The Cloud Functions' limits 5 / 100 / 20 / 50 at and past the limit.")
    static let window = VectorFlag(
        "RollingWindow", .edgeCase, .contract, "A rate's window is rolling (at − window, at] (decided).")
    static let deepLink = VectorFlag(
        "DeepLink", .encoding, .contract, "reward-e://child/{childId} exactly: other hosts, queries, slashes refused.")
    static let invite = VectorFlag(
        "InviteCode", .encoding, .contract, "Six symbols of A-Z (not I, O) and 2-9; typed lower case is upper-cased.")
    static let premium = VectorFlag(
        "FamilyPremium", .wrongBinding, .contract, "Any member's active, unexpired subscription grants the family.")

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "reward-e-contracts",
            header: [
                "Reward-E contracts (specs/profiles/reward-e/contracts.md): rewarde.validate checks one stored document;",
                "rewarde.balance applies earns and spends (never negative, Int32 clamp); rewarde.familyWrite is version",
                "locking; rewarde.quota the Cloud Functions' limits; deep links, invite codes and family premium.",
            ],
            groups: [
                VectorGroup("RewardEDocuments", comment: "stored documents", cases: try documentCases()),
                VectorGroup("RewardEBalance", comment: "balance and Int32 clamp", cases: try balanceCases()),
                VectorGroup("RewardEFamilyVersion", comment: "optimistic locking", cases: try versionCases()),
                VectorGroup("RewardEQuota", comment: "quotas and _rateLimits", cases: try quotaCases()),
                VectorGroup("RewardEDeepLink", comment: "widget deep link", cases: try deepLinkCases()),
                VectorGroup("RewardEInviteCode", comment: "invite codes", cases: try inviteCases()),
                VectorGroup("RewardEPremium", comment: "RevenueCat family sharing", cases: try premiumCases()),
                VectorGroup("RewardEPinnedBounds", comment: "pins at their bounds, cited", cases: try boundCases()),
                VectorGroup("RewardETimestamps", comment: "Firestore Timestamps", cases: try timestampCases()),
                VectorGroup(
                    "RewardEDocumentReadings", comment: "id, family id, childId: both readings",
                    cases: try readingCases()),
            ])
    }

    static func json(_ text: String) throws(CloserError) -> JSONValue { try JSONValue(parsing: text) }

    /// One test of `op`, its outcome computed by CloserSpec and required to be `expected` (nil:
    /// success); a disagreement is a generation error, never a vector.
    static func run(
        _ spec: HarnessOpSpec, _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)],
        _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let op = RewardEOps.all.first { $0.name == spec.name }!
        let request = HarnessRequest(id: .number(0), op: spec.name, fields: Dictionary(uniqueKeysWithValues: input))
        let outcome: Result<[String: JSONValue], CloserError>
        do { outcome = .success(try op.handler(request)) } catch { outcome = .failure(error) }
        switch (outcome, expected) {
        case (.success(let out), nil):
            let output = out.keys.sorted().map { ($0, out[$0]!) }
            return .valid(comment, flags: flags, op: spec.name, input: input, output: output)
        case (.failure(let error), let code?) where error.code == code:
            return .invalid(
                comment, flags: flags, op: spec.name, input: input, error: error.code, layer: .contract,
                intermediates: [("reason", .string(error.reason))])
        default:
            throw CloserError(.harnessMalformedRequest, "\(name): \(comment): outcome differs from the case")
        }
    }
}
