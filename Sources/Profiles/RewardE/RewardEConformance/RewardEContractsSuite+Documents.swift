// reward_e_contracts: the stored documents (specs/profiles/reward-e/documents.md).

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

extension RewardEContractsSuite {
    static func doc(
        _ comment: String, _ flags: [VectorFlag], _ kind: String, _ body: String, _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        try run(
            .rewardEValidate, comment, flags, [("document", .string(kind)), ("body", try json(body))], expected)
    }

    static let txn = #""id":"t1","type":"earn","amount":5,"awardedBy":"u1","createdAt":1764201600000"#
    static let goal = #""id":"g1","name":"Bike","targetStars":200,"isActive":true"#
    static let child = #""id":"c1","name":"Ada","avatar":"fox","currentBalance":12"#
    static let family = #""name":"Nordmann","starValue":10,"currency":"NOK","inviteCode":"K7M2QX""#
    static let sub = #""active":true,"platform":"ios","productId":"no.invotek.RewardE.premium.monthly","ownerId":"u1""#

    static func documentCases() throws(CloserError) -> [VectorCase] {
        try validDocuments() + invalidTransactions() + invalidOthers() + boundsAndOrder()
    }

    /// String bounds counted in Unicode scalars, a trailing newline, and two faults at once: the
    /// first in the stated order of checks is reported (documents.md §"Order of checks").
    static func boundsAndOrder() throws(CloserError) -> [VectorCase] {
        [
            try doc(
                "reason of 200 characters", [shape], "transaction",
                "{\(txn),\"reason\":\"\(String(repeating: "a", count: 200))\"}"),
            try doc(
                "reason of 201 characters", [shape], "transaction",
                "{\(txn),\"reason\":\"\(String(repeating: "a", count: 201))\"}", .rewardEOutOfRange),
            try doc(
                "reason of 200 astral-plane scalars (400 UTF-16 units) is within 200", [shape], "transaction",
                "{\(txn),\"reason\":\"\(String(repeating: "\u{1F31F}", count: 200))\"}"),
            try doc(
                "goal id of 129 characters", [shape], "goal",
                "{\(goal.replacingOccurrences(of: "\"g1\"", with: "\"\(String(repeating: "g", count: 129))\""))}",
                .rewardEOutOfRange),
            try doc(
                "goal name of 101 characters", [shape], "goal",
                "{\(goal.replacingOccurrences(of: "Bike", with: String(repeating: "b", count: 101)))}",
                .rewardEOutOfRange),
            try doc(
                "child avatar of 65 characters", [shape], "child",
                "{\(child.replacingOccurrences(of: "fox", with: String(repeating: "f", count: 65)))}",
                .rewardEOutOfRange),
            try doc(
                "family inviteCode with a trailing newline", [invite], "family",
                "{\(family.replacingOccurrences(of: "K7M2QX", with: "K7M2QX\\n"))}", .rewardEInvalidInviteCode),
            try doc(
                "an unknown member and a missing one: unknown first", [shape], "transaction",
                #"{"id":"t1","amount":5,"awardedBy":"u1","createdAt":0,"childId":"c1"}"#, .rewardEUnknownField),
            try doc(
                "a missing member and a wrong type: missing first", [shape], "transaction",
                #"{"id":"t1","amount":"5","awardedBy":"u1","createdAt":0}"#, .rewardEMissingField),
            try doc(
                "a wrong type and a later value out of range: type first", [wrongType], "transaction",
                #"{"id":"t1","type":"earn","amount":"5","awardedBy":"u1","createdAt":-1}"#, .rewardEWrongType),
        ]
    }

    static func validDocuments() throws(CloserError) -> [VectorCase] {
        [
            try doc("an earn", [valid], "transaction", "{\(txn)}"),
            try doc(
                "a spend with a reason", [valid], "transaction",
                #"{"id":"t2","type":"spend","amount":2147483647,"reason":"ice cream","awardedBy":"u1","createdAt":0}"#),
            try doc("an active goal", [valid], "goal", "{\(goal)}"),
            try doc(
                "an achieved goal", [valid], "goal",
                #"{"id":"g2","name":"Lego","targetStars":1,"isActive":false,"achievedAt":1764201600000}"#),
            try doc("a child without sync fields (pre-versioning data)", [valid], "child", "{\(child)}"),
            try doc(
                "a child with sync fields", [valid], "child", "{\(child),\"lastModified\":1,\"syncStatus\":\"pending\"}"
            ),
            try doc(
                "a family with its version", [valid], "family",
                "{\(family),\"version\":3,\"lastModified\":5,\"lastModifiedBy\":\"u1\"}"),
            try doc(
                "an Android subscription with an expiry", [valid], "subscription",
                #"{"active":true,"platform":"android","productId":"premium_yearly","expiresAt":1764201600000,"ownerId":"u2"}"#
            ),
            try doc("an iOS subscription without expiry", [valid], "subscription", "{\(sub)}"),
        ]
    }

    static func invalidTransactions() throws(CloserError) -> [VectorCase] {
        [
            try doc("not an object", [shape], "transaction", "[1]", .rewardENotAnObject),
            try doc("an unknown document kind", [shape], "member", "{}", .rewardEUnknownDocument),
            try doc(
                "type missing", [shape], "transaction", #"{"id":"t1","amount":5,"awardedBy":"u1","createdAt":0}"#,
                .rewardEMissingField),
            try doc(
                "type bonus", [enumValue], "transaction", "{\(txn.replacingOccurrences(of: "earn", with: "bonus"))}",
                .rewardEUnknownEnumValue),
            try doc(
                "type Earn (case matters)", [enumValue], "transaction",
                "{\(txn.replacingOccurrences(of: "earn", with: "Earn"))}", .rewardEUnknownEnumValue),
            try doc(
                "amount 0", [shape], "transaction",
                "{\(txn.replacingOccurrences(of: "\"amount\":5", with: "\"amount\":0"))}", .rewardEOutOfRange),
            try doc(
                "amount negative (a spend is a type, not a sign)", [shape], "transaction",
                "{\(txn.replacingOccurrences(of: "\"amount\":5", with: "\"amount\":-5"))}", .rewardEOutOfRange),
            try doc(
                "amount above Int32", [shape], "transaction",
                "{\(txn.replacingOccurrences(of: "\"amount\":5", with: "\"amount\":2147483648"))}", .rewardEOutOfRange),
            try doc(
                "amount 1.5", [wrongType], "transaction",
                "{\(txn.replacingOccurrences(of: "\"amount\":5", with: "\"amount\":1.5"))}", .rewardEWrongType),
            try doc(
                "amount \"5\"", [wrongType], "transaction",
                "{\(txn.replacingOccurrences(of: "\"amount\":5", with: "\"amount\":\"5\""))}", .rewardEWrongType),
            try doc("reason null", [wrongType], "transaction", "{\(txn),\"reason\":null}", .rewardEWrongType),
            try doc(
                "an unknown member childId", [shape], "transaction", "{\(txn),\"childId\":\"c1\"}", .rewardEUnknownField
            ),
        ]
    }

    static func invalidOthers() throws(CloserError) -> [VectorCase] {
        [
            try doc(
                "goal targetStars 0", [shape], "goal", "{\(goal.replacingOccurrences(of: "200", with: "0"))}",
                .rewardEOutOfRange),
            try doc(
                "goal isActive \"true\"", [wrongType], "goal",
                "{\(goal.replacingOccurrences(of: "true", with: "\"true\""))}", .rewardEWrongType),
            try doc(
                "goal name empty", [shape], "goal", "{\(goal.replacingOccurrences(of: "Bike", with: ""))}",
                .rewardEOutOfRange),
            try doc(
                "child with photoFileName (local only)", [localOnly], "child", "{\(child),\"photoFileName\":\"a.jpg\"}",
                .rewardEUnknownField),
            try doc(
                "child with a negative balance", [balance], "child",
                "{\(child.replacingOccurrences(of: "12", with: "-1"))}", .rewardEOutOfRange),
            try doc(
                "child syncStatus synced-ish", [enumValue], "child", "{\(child),\"syncStatus\":\"error\"}",
                .rewardEUnknownEnumValue),
            try doc(
                "family currency nok (case matters)", [enumValue], "family",
                "{\(family.replacingOccurrences(of: "NOK", with: "nok"))}", .rewardEUnknownEnumValue),
            try doc(
                "family inviteCode in lower case (stored upper case)", [invite], "family",
                "{\(family.replacingOccurrences(of: "K7M2QX", with: "k7m2qx"))}", .rewardEInvalidInviteCode),
            try doc("family version -1", [shape], "family", "{\(family),\"version\":-1}", .rewardEOutOfRange),
            try doc(
                "family ownerId (not a member of the cloud family)", [shape], "family",
                "{\(family),\"ownerId\":\"u1\"}", .rewardEUnknownField),
            try doc(
                "subscription platform web", [enumValue], "subscription",
                "{\(sub.replacingOccurrences(of: "ios", with: "web"))}", .rewardEUnknownEnumValue),
            try doc(
                "subscription ownerId missing", [shape], "subscription",
                #"{"active":true,"platform":"ios","productId":"x"}"#, .rewardEMissingField),
        ]
    }
}
