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
        ]
    }
}
