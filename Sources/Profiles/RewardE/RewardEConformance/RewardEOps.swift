// Harness ops of the Reward-E profile: declarations (rows of the op table spliced into
// specs/profiles/reward-e/contracts.md §"Harness ops") and handlers.

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

extension HarnessOpSpec {
    static let rewardEValidate = Self(
        "rewarde.validate", family: "rewarde",
        fields: [.required("document", "transaction, goal, child, family or subscription"), .required("body", "JSON")],
        output: [.required("fields", "the document's member names, sorted")], layer: .contract)
    static let rewardEBalance = Self(
        "rewarde.balance", family: "rewarde",
        fields: [.required("balance", "integer"), .required("transactions", "`[{type, amount}]` in order")],
        output: [.required("balance", "integer")], layer: .contract)
    static let rewardEFamilyWrite = Self(
        "rewarde.familyWrite", family: "rewarde",
        fields: [
            .optional("version", "stored, integer; absent is 0"), .optional("lastModifiedBy", "stored"),
            .required("baseVersion", "integer"), .required("userId"),
        ], output: [.required("version", "integer"), .required("lastModifiedBy")], layer: .contract)
    static let rewardEQuota = Self(
        "rewarde.quota", family: "rewarde",
        fields: [
            .required("quota", "quotas.md"), .optional("count", "caps: existing documents"),
            .optional("recent", "rates: earlier accepted instants, ms"), .optional("at", "rates: ms"),
        ],
        output: [
            .required("allowed", "boolean"), .required("action", "none, delete_created or https_error"),
            .required("window", "rates: `_rateLimits` instants after the write"),
        ], layer: .contract)
    static let rewardEFormatDeepLink = Self(
        "rewarde.formatDeepLink", family: "rewarde", fields: [.required("childId")], output: [.required("url")],
        layer: .contract)
    static let rewardEParseDeepLink = Self(
        "rewarde.parseDeepLink", family: "rewarde", fields: [.required("url")], output: [.required("childId")],
        layer: .contract)
    static let rewardEInviteCode = Self(
        "rewarde.inviteCode", family: "rewarde", fields: [.required("typed", "what the user typed")],
        output: [.required("code", "the stored code")], layer: .contract)
    static let rewardEFamilyPremium = Self(
        "rewarde.familyPremium", family: "rewarde",
        fields: [.required("subscriptions", "subscription documents"), .required("now", "ms")],
        output: [.required("premium", "boolean"), .required("grantedBy", "owner id or null")], layer: .contract)
}

enum RewardEOps {
    static let instantRange: ClosedRange<Int64> = -9_007_199_254_740_991...9_007_199_254_740_991

    static let all: [HarnessOp] = [
        HarnessOp(.rewardEValidate) { r throws(CloserError) in
            let fields = try RewardEDocument.validate(try r.string("document"), try r.json("body"))
            return ["fields": .array(fields.map(JSONValue.string))]
        },
        HarnessOp(.rewardEBalance, balance),
        HarnessOp(.rewardEFamilyWrite) { r throws(CloserError) in
            let stored = RewardEFamilyVersion(
                storedVersion: r.fields["version"] == nil ? nil : try r.integer("version", in: instantRange),
                lastModifiedBy: try r.optionalString("lastModifiedBy"))
            let next = try stored.write(
                baseVersion: try r.integer("baseVersion", in: instantRange), by: try r.string("userId"))
            return ["version": .number(Double(next.version)), "lastModifiedBy": .string(next.lastModifiedBy ?? "")]
        },
        HarnessOp(.rewardEQuota, quota),
        HarnessOp(.rewardEFormatDeepLink) { r throws(CloserError) in
            ["url": .string(try RewardEDeepLink.format(childID: try r.string("childId")))]
        },
        HarnessOp(.rewardEParseDeepLink) { r throws(CloserError) in
            ["childId": .string(try RewardEDeepLink.parse(try r.string("url")))]
        },
        HarnessOp(.rewardEInviteCode) { r throws(CloserError) in
            ["code": .string(try RewardEInviteCode.normalize(try r.string("typed")))]
        },
        HarnessOp(.rewardEFamilyPremium, familyPremium),
    ]

    /// The members of a request's array field.
    static func array(_ r: HarnessRequest, _ name: String) throws(CloserError) -> [JSONValue] {
        guard case .array(let items) = try r.json(name) else {
            throw CloserError(.harnessMalformedRequest, "field \"\(name)\" must be an array")
        }
        return items
    }

    static let transactionShape = RewardESchema([
        .required("type", .enumeration(RewardEModel.transactionTypes)),
        .required("amount", .integer(1...RewardEModel.int32Max)),
    ])

    static func balance(_ r: HarnessRequest) throws(CloserError) -> [String: JSONValue] {
        let start = try r.integer("balance", in: instantRange)
        var transactions: [(RewardEBalance.Kind, Int64)] = []
        for item in try array(r, "transactions") {
            _ = try transactionShape.check(item)
            let kind = RewardEBalance.Kind(rawValue: item["type"]?.stringValue ?? "") ?? .earn
            guard case .number(let amount)? = item["amount"] else { continue }
            transactions.append((kind, Int64(amount)))
        }
        return ["balance": .number(Double(try RewardEBalance.apply(transactions, to: start)))]
    }

    static func quota(_ r: HarnessRequest) throws(CloserError) -> [String: JSONValue] {
        let q = try RewardEQuota.named(try r.string("quota"))
        let outcome: RewardEQuota.Outcome
        if q.windowMs == nil {
            outcome = try q.check(count: try r.integer("count", in: instantRange))
        } else {
            var recent: [Int64] = []
            for v in try array(r, "recent") {
                guard case .number(let d) = v else { throw CloserError(.rewardEWrongType, "recent holds integers") }
                recent.append(try RewardESchema.integral(d, at: "recent"))
            }
            outcome = try q.check(recent: recent, at: try r.integer("at", in: instantRange))
        }
        return [
            "allowed": .bool(outcome.allowed), "action": .string(outcome.action),
            "window": .array(outcome.window.map { .number(Double($0)) }),
        ]
    }

    static func familyPremium(_ r: HarnessRequest) throws(CloserError) -> [String: JSONValue] {
        var records: [RewardEPremium.Record] = []
        for doc in try array(r, "subscriptions") {
            _ = try RewardEDocument.subscription.schema.check(doc)
            let expiresAt = try doc["expiresAt"].map { v throws(CloserError) in
                try RewardETimestamp.milliseconds(v, at: "expiresAt")
            }
            records.append(
                RewardEPremium.Record(
                    active: doc["active"] == .bool(true), platform: doc["platform"]?.stringValue ?? "",
                    productID: doc["productId"]?.stringValue ?? "", expiresAt: expiresAt,
                    ownerID: doc["ownerId"]?.stringValue ?? ""))
        }
        let owner = try RewardEPremium.grantingOwner(records, at: try r.integer("now", in: instantRange))
        return ["premium": .bool(owner != nil), "grantedBy": owner.map(JSONValue.string) ?? .null]
    }
}
