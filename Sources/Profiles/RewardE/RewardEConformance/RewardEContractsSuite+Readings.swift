// reward_e_contracts: both readings of the stored documents' `id`, family `id` and `childId`
// (D-REWARDE-15, -16, -17). The pinned tests are computed by RewardE's validator; the manual
// reading's are written out by hand (the validator carries the pinned reading): the member the
// Data Models or the composite indexes name is accepted. Normative: specs/manual-conflicts.md
// §"Reward-E stored documents", specs/vectors.md §"Test" (`reading`).

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

extension RewardEContractsSuite {
    static let manualReading = VectorFlag(
        "ManualReading", .manualConflict, .contract,
        "One reading of a ManualConflict (`reading` names it; D-REWARDE-15, D-REWARDE-16, D-REWARDE-17): --reading ID=manual|pinned."
    )

    /// tcIds of the pinned RewardEDocuments tests the manual reading of `childId` replaces.
    static let pinnedTransactionChildId = 21
    static let pinnedUnknownBeforeMissing = 41

    /// A test of the manual reading: accepted with the body's member names sorted, or `error`.
    static func manualDoc(
        _ comment: String, _ kind: String, _ body: String, error: CloserError.Code? = nil, conflict: String,
        replaces: [Int] = []
    ) throws(CloserError) -> VectorCase {
        let input: [(String, JSONValue)] = [("document", .string(kind)), ("body", try json(body))]
        let test: VectorCase
        if let error {
            test = .invalid(
                comment, flags: [manualReading], op: HarnessOpSpec.rewardEValidate.name, input: input, error: error,
                layer: .contract)
        } else {
            guard case .object(let members)? = input.last?.1 else {
                throw CloserError(.harnessMalformedRequest, "\(name): \(comment): the body is not an object")
            }
            test = .valid(
                comment, flags: [manualReading], op: HarnessOpSpec.rewardEValidate.name, input: input,
                output: [("fields", .array(members.keys.sorted().map(JSONValue.string)))])
        }
        let side: PinSide = error == nil ? .accept : .refuse
        return test.citing(VectorPin(conflict, side)).reading(conflict, .manual, replaces: replaces)
    }

    /// The pinned reading's test of the same input, computed by the validator.
    static func pinnedDoc(
        _ comment: String, _ kind: String, _ body: String, _ error: CloserError.Code, conflict: String
    ) throws(CloserError) -> VectorCase {
        try doc(comment, [manualReading], kind, body, error).citing(VectorPin(conflict, .refuse))
            .reading(conflict, .pinned)
    }

    static func readingCases() throws(CloserError) -> [VectorCase] {
        let childNoID = #"{"name":"Ada","avatar":"fox","currentBalance":12}"#
        let familyWithID = "{\"id\":\"f1\",\(family)}"
        let goalWithChild = "{\(goal),\"childId\":\"c1\"}"
        return [
            try pinnedDoc("a child without id", "child", childNoID, .rewardEMissingField, conflict: "D-REWARDE-15"),
            try manualDoc("a child without id (the Firestore structure)", "child", childNoID, conflict: "D-REWARDE-15"),
            try pinnedDoc("a family with id", "family", familyWithID, .rewardEUnknownField, conflict: "D-REWARDE-16"),
            try manualDoc("a family with id (the Data Models)", "family", familyWithID, conflict: "D-REWARDE-16"),
            try pinnedDoc("a goal with childId", "goal", goalWithChild, .rewardEUnknownField, conflict: "D-REWARDE-17"),
            try manualDoc("a goal with childId (the composite index)", "goal", goalWithChild, conflict: "D-REWARDE-17"),
            try manualDoc(
                "a transaction with childId (the composite index)", "transaction", "{\(txn),\"childId\":\"c1\"}",
                conflict: "D-REWARDE-17", replaces: [pinnedTransactionChildId]),
            try manualDoc(
                "childId is known, so the missing type is reported", "transaction",
                #"{"id":"t1","amount":5,"awardedBy":"u1","createdAt":0,"childId":"c1"}"#, error: .rewardEMissingField,
                conflict: "D-REWARDE-17", replaces: [pinnedUnknownBeforeMissing]),
        ]
    }
}
