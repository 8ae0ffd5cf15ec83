// reward_e_contracts, appended group: pins exercised at their bounds, each test citing the decision
// it decides and its side (specs/vectors.md §Test `pins`; specs/decisions/bounds.json).

import CloserHarness
import CloserVectorModel
import CloserWire
import RewardE

extension RewardEContractsSuite {
    /// The deep-link child id is 1–128 of `[A-Za-z0-9_-]` (D-REWARDE-09): 1 and 128 accepted, 129
    /// refused, by both the writer and the reader.
    static func boundCases() throws(CloserError) -> [VectorCase] {
        func format(_ c: String, _ id: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            try run(.rewardEFormatDeepLink, c, [deepLink], [("childId", .string(id))], e)
                .citing(VectorPin("D-REWARDE-09", e == nil ? .accept : .refuse))
        }
        func parse(_ c: String, _ id: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            try run(.rewardEParseDeepLink, c, [deepLink], [("url", .string("reward-e://child/" + id))], e)
                .citing(VectorPin("D-REWARDE-09", e == nil ? .accept : .refuse))
        }
        let id128 = String(repeating: "aZ9_-", count: 25) + "abc"
        return [
            try format("a one-character id (the lower bound)", "c"),
            try format("a 128-character id (the upper bound)", id128),
            try format("a 127-character id (one before the bound)", String(id128.dropLast())),
            try format("a 129-character id (one past the bound)", id128 + "d", .rewardEInvalidDeepLink),
            try parse("a link with a 128-character id", id128),
            try parse("a link with a 129-character id", id128 + "d", .rewardEInvalidDeepLink),
            try parse("a link with a one-character id", "c"),
        ] + (try documentBoundCases())
    }

    /// Appended in 1.3.0: the document bounds at the bound itself (D-REWARDE-04: goal id 128, goal
    /// name 100, avatar 64, reason 0 characters; D-REWARDE-14: targetStars and starValue 1, starValue
    /// 0 refused); the one-past values are in the documents group.
    static func documentBoundCases() throws(CloserError) -> [VectorCase] {
        func at(_ pin: String, _ c: String, _ kind: String, _ body: String, _ e: CloserError.Code? = nil)
            throws(CloserError) -> VectorCase
        {
            try doc(c, [shape], kind, body, e).citing(VectorPin(pin, e == nil ? .accept : .refuse))
        }
        return [
            try at(
                "D-REWARDE-04", "goal id of 128 characters (the upper bound)", "goal",
                "{\(goal.replacingOccurrences(of: "\"g1\"", with: "\"\(String(repeating: "g", count: 128))\""))}"),
            try at(
                "D-REWARDE-04", "goal name of 100 characters (the upper bound)", "goal",
                "{\(goal.replacingOccurrences(of: "Bike", with: String(repeating: "b", count: 100)))}"),
            try at(
                "D-REWARDE-04", "child avatar of 64 characters (the upper bound)", "child",
                "{\(child.replacingOccurrences(of: "fox", with: String(repeating: "f", count: 64)))}"),
            try at("D-REWARDE-04", "an empty reason (the lower bound 0)", "transaction", "{\(txn),\"reason\":\"\"}"),
            try at(
                "D-REWARDE-14", "goal targetStars 1 (the lower bound)", "goal",
                "{\(goal.replacingOccurrences(of: "200", with: "1"))}"),
            try at(
                "D-REWARDE-14", "family starValue 1 (the lower bound)", "family",
                "{\(family.replacingOccurrences(of: "\"starValue\":10", with: "\"starValue\":1"))}"),
            try at(
                "D-REWARDE-14", "family starValue 0 (one below the bound)", "family",
                "{\(family.replacingOccurrences(of: "\"starValue\":10", with: "\"starValue\":0"))}",
                .rewardEOutOfRange),
        ]
    }
}
