// reward_e_contracts, appended group: stored instants as Firestore Timestamps
// (`{"timestampValue": "<RFC 3339>"}`), accepted in every document that has one, wrong shapes and
// texts refused with their named errors, each test citing its pins.
// Normative: specs/profiles/reward-e/documents.md §"Timestamps".

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

extension RewardEContractsSuite {
    static let timestampFlag = VectorFlag(
        "FirestoreTimestamp", .edgeCase, .contract,
        "A stored instant as the Firestore Timestamp {\"timestampValue\": RFC 3339} (documents.md §Timestamps).")

    static func stamp(_ text: String) -> String { #"{"timestampValue":"\#(text)"}"# }

    static func timestampCases() throws(CloserError) -> [VectorCase] {
        let shapeID = "D-REWARDE-18", rangeID = "D-REWARDE-19"
        func txn(_ c: String, _ createdAt: String, _ e: CloserError.Code?, _ pin: String) throws(CloserError)
            -> VectorCase
        {
            let body = #"{"id":"t1","type":"earn","amount":5,"awardedBy":"u1","createdAt":\#(createdAt)}"#
            return try doc(c, [timestampFlag], "transaction", body, e).citing(
                VectorPin(pin, e == nil ? .accept : .refuse))
        }
        let accepted: [VectorCase] = [
            try txn("createdAt as a Firestore Timestamp", stamp("2025-11-27T00:00:00Z"), nil, shapeID),
            try doc(
                "goal achievedAt with nine fraction digits and an offset", [timestampFlag], "goal",
                "{\(goal),\"achievedAt\":\(stamp("2025-11-27T01:00:00.123456789+01:00"))}"
            ).citing(VectorPin(shapeID, .accept)),
            try doc(
                "child lastModified at the epoch (the lower bound)", [timestampFlag], "child",
                "{\(child),\"lastModified\":\(stamp("1970-01-01T00:00:00Z"))}"
            ).citing(VectorPin(rangeID, .accept)),
            try doc(
                "family lastModified at 9999-12-31T23:59:59.999999999Z (the upper bound)", [timestampFlag], "family",
                "{\(family),\"lastModified\":\(stamp("9999-12-31T23:59:59.999999999Z"))}"
            ).citing(VectorPin(rangeID, .accept)),
            try doc(
                "subscription expiresAt as a Firestore Timestamp", [timestampFlag], "subscription",
                "{\(sub),\"expiresAt\":\(stamp("2026-11-27T00:00:00Z"))}"
            ).citing(VectorPin(shapeID, .accept)),
        ]
        return try accepted + refusedTimestamps(txn) + premiumTimestamps()
    }

    static func refusedTimestamps(
        _ txn: (String, String, CloserError.Code?, String) throws(CloserError) -> VectorCase
    ) throws(CloserError) -> [VectorCase] {
        let shapeID = "D-REWARDE-18", rangeID = "D-REWARDE-19"
        return [
            try txn(
                "the Admin SDK's {seconds, nanoseconds}", #"{"seconds":1764201600,"nanoseconds":0}"#, .rewardEWrongType,
                shapeID),
            try txn("a bare RFC 3339 string", #""2025-11-27T00:00:00Z""#, .rewardEWrongType, shapeID),
            try txn(
                "timestampValue as epoch milliseconds", #"{"timestampValue":1764201600000}"#, .rewardEWrongType, shapeID
            ),
            try txn(
                "timestampValue with a second member", #"{"timestampValue":"2025-11-27T00:00:00Z","nanos":0}"#,
                .rewardEWrongType, shapeID),
            try txn("an empty object", "{}", .rewardEWrongType, shapeID),
            try txn("a date without a time", stamp("2025-11-27"), .rewardEInvalidTimestamp, rangeID),
            try txn("February 30", stamp("2025-02-30T00:00:00Z"), .rewardEInvalidTimestamp, rangeID),
            try txn("a lower-case t and z", stamp("2025-11-27t00:00:00z"), .rewardEInvalidTimestamp, rangeID),
            try txn("a leap second", stamp("2016-12-31T23:59:60Z"), .rewardEInvalidTimestamp, rangeID),
            try txn("one second before the epoch", stamp("1969-12-31T23:59:59Z"), .rewardEOutOfRange, rangeID),
            try doc(
                "a wrong amount before a bad timestamp (declaration order)", [timestampFlag, wrongType], "transaction",
                #"{"id":"t1","type":"earn","amount":"5","awardedBy":"u1","createdAt":{"seconds":1}}"#,
                .rewardEWrongType),
        ]
    }

    /// familyPremium compares expiresAt with `now` (epoch ms) as instants: a Timestamp half a
    /// millisecond after `now` has not expired.
    static func premiumTimestamps() throws(CloserError) -> [VectorCase] {
        func fam(_ c: String, _ expires: String, _ e: CloserError.Code? = nil) throws(CloserError) -> VectorCase {
            let subs = "[{\(sub),\"expiresAt\":\(stamp(expires))}]"
            return try run(
                .rewardEFamilyPremium, c, [premium, timestampFlag],
                [("subscriptions", try json(subs)), ("now", .number(1_764_201_600_000))], e
            ).citing(VectorPin("D-REWARDE-19", e == nil ? .accept : .refuse))
        }
        return [
            try fam("expiresAt half a millisecond after now: premium", "2025-11-27T00:00:00.0005Z"),
            try fam("expiresAt exactly now: expired", "2025-11-27T00:00:00Z"),
            try fam("expiresAt an hour earlier in another offset: expired", "2025-11-27T00:00:00+01:00"),
            try fam("expiresAt not RFC 3339", "2025-11-27T24:00:00Z", .rewardEInvalidTimestamp),
        ]
    }
}
