// reward_e_contracts: deep links, invite codes, family premium (specs/profiles/reward-e/deep-link.md,
// invite-code.md, premium.md).

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

extension RewardEContractsSuite {
    static func deepLinkCases() throws(CloserError) -> [VectorCase] {
        func parse(_ c: String, _ url: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            try run(.rewardEParseDeepLink, c, [deepLink], [("url", .string(url))], e)
        }
        func format(_ c: String, _ id: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            try run(.rewardEFormatDeepLink, c, [deepLink], [("childId", .string(id))], e)
        }
        return [
            try format("a Firestore auto id", "aZ3kP9qR2sT8uV1wX4yB"),
            try format("a local UUID", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
            try format("an id with a slash", "a/b", .rewardEInvalidDeepLink),
            try format("an empty id", "", .rewardEInvalidDeepLink),
            try parse("the widget's link", "reward-e://child/aZ3kP9qR2sT8uV1wX4yB"),
            try parse("scheme and host in upper case", "REWARD-E://CHILD/c1"),
            try parse("the id keeps its case", "reward-e://child/AbC"),
            try parse("another host", "reward-e://goal/c1", .rewardEInvalidDeepLink),
            try parse("another scheme", "rewarde://child/c1", .rewardEInvalidDeepLink),
            try parse("no id", "reward-e://child/", .rewardEInvalidDeepLink),
            try parse("a trailing slash", "reward-e://child/c1/", .rewardEInvalidDeepLink),
            try parse("a query", "reward-e://child/c1?tab=goals", .rewardEInvalidDeepLink),
            try parse("a fragment", "reward-e://child/c1#x", .rewardEInvalidDeepLink),
            try parse("a percent-encoded id", "reward-e://child/c%31", .rewardEInvalidDeepLink),
            try parse("one slash", "reward-e:/child/c1", .rewardEInvalidDeepLink),
        ]
    }

    static func inviteCases() throws(CloserError) -> [VectorCase] {
        func code(_ c: String, _ typed: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            try run(.rewardEInviteCode, c, [invite], [("typed", .string(typed))], e)
        }
        return [
            try code("a stored code", "K7M2QX"),
            try code("typed in lower case", "k7m2qx"),
            try code("every digit allowed", "234567"),
            try code("five symbols", "K7M2Q", .rewardEInvalidInviteCode),
            try code("seven symbols", "K7M2QXA", .rewardEInvalidInviteCode),
            try code("the letter O", "K7M2QO", .rewardEInvalidInviteCode),
            try code("the digit 0", "K7M2Q0", .rewardEInvalidInviteCode),
            try code("the letter I", "K7M2QI", .rewardEInvalidInviteCode),
            try code("the digit 1", "K7M2Q1", .rewardEInvalidInviteCode),
            try code("a space", "K7M 2Q", .rewardEInvalidInviteCode),
            try code("a dash", "K7M-2Q", .rewardEInvalidInviteCode),
            try code("a non-ASCII letter", "K7M2Qé", .rewardEInvalidInviteCode),
        ]
    }

    static func premiumCases() throws(CloserError) -> [VectorCase] {
        let now = 1_764_201_600_000.0
        func fam(_ c: String, _ subs: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            try run(.rewardEFamilyPremium, c, [premium], [("subscriptions", try json(subs)), ("now", .number(now))], e)
        }
        let monthly = "no.invotek.RewardE.premium.monthly"
        return [
            try fam("no subscription", "[]"),
            try fam(
                "one member's active iOS subscription",
                #"[{"active":true,"platform":"ios","productId":"\#(monthly)","ownerId":"u2"}]"#),
            try fam(
                "an Android member's subscription grants the family",
                #"[{"active":true,"platform":"android","productId":"premium_yearly","ownerId":"u3"}]"#),
            try fam(
                "an inactive subscription",
                #"[{"active":false,"platform":"ios","productId":"\#(monthly)","ownerId":"u2"}]"#),
            try fam(
                "expired at exactly now",
                #"[{"active":true,"platform":"ios","productId":"\#(monthly)","expiresAt":\#(Int(now)),"ownerId":"u2"}]"#
            ),
            try fam(
                "two granting members: the lower owner id",
                #"[{"active":true,"platform":"ios","productId":"no.invotek.RewardE.premium.yearly","ownerId":"ub"},{"active":true,"platform":"android","productId":"p","expiresAt":\#(Int(now) + 1),"ownerId":"ua"}]"#
            ),
            try fam(
                "an iOS product that is not Reward-E's",
                #"[{"active":true,"platform":"ios","productId":"premium","ownerId":"u2"}]"#, .rewardEUnknownProduct),
            try fam(
                "a record with an unknown member",
                #"[{"active":true,"platform":"ios","productId":"\#(monthly)","ownerId":"u2","entitlement":"premium"}]"#,
                .rewardEUnknownField),
        ]
    }
}
