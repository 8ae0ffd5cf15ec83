// Reward-E's stored documents as schemas: transaction, goal, child, family and the family's
// subscription record. Normative: specs/profiles/reward-e/documents.md (each member's source
// section and basis: stated, inferred or decided).

import CoreWire

/// The constants the documents share (specs/profiles/reward-e/documents.md, the paragraph before
/// the table).
public enum RewardEModel {
    /// Core Data stores every count as Int32 (stated); that the cloud models use the same range is
    /// decided (D-REWARDE-05).
    public static let int32Max: Int64 = Int64(Int32.max)
    /// Instants are integral milliseconds since the Unix epoch, 0…2^53 − 1 (decided).
    public static let instantRange: ClosedRange<Int64> = 0...9_007_199_254_740_991
    /// Document ids and user ids: 1…128 characters (decided).
    package static let id = RewardEField.string(min: 1, max: 128)
    package static let name = RewardEField.string(min: 1, max: 100)
    public static let transactionTypes = ["earn", "spend"]
    public static let syncStatuses = ["synced", "pending", "conflict"]
    public static let platforms = ["ios", "android"]
    public static let currencies = ["NOK", "SEK", "DKK", "EUR", "USD", "GBP"]
}

/// The document kinds `rewarde.validate` knows.
public enum RewardEDocument: String, Sendable, CaseIterable {
    case transaction, goal, child, family, subscription

    package var schema: RewardESchema {
        switch self {
        case .transaction: Self.transactionSchema
        case .goal: Self.goalSchema
        case .child: Self.childSchema
        case .family: Self.familySchema
        case .subscription: Self.subscriptionSchema
        }
    }

    /// Validates one document of `kind`; returns its member names, sorted.
    public static func validate(_ kind: String, _ body: JSONValue) throws(CloserError) -> [String] {
        guard let document = Self(rawValue: kind) else {
            throw CloserError(
                .rewardEUnknownDocument, "document is one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return try document.schema.check(body)
    }

    static let transactionSchema = RewardESchema([
        .required("id", RewardEModel.id), .required("type", .enumeration(RewardEModel.transactionTypes)),
        .required("amount", .integer(1...RewardEModel.int32Max)), .optional("reason", .string(min: 0, max: 200)),
        .required("awardedBy", RewardEModel.id), .required("createdAt", .instant),
    ])
    static let goalSchema = RewardESchema([
        .required("id", RewardEModel.id), .required("name", RewardEModel.name),
        .required("targetStars", .integer(1...RewardEModel.int32Max)), .required("isActive", .boolean),
        .optional("achievedAt", .instant),
    ])
    /// `photoFileName` is local only (never synced): it is not a member of the cloud document.
    static let childSchema = RewardESchema([
        .required("id", RewardEModel.id), .required("name", RewardEModel.name),
        .required("avatar", .string(min: 1, max: 64)), .required("currentBalance", .integer(0...RewardEModel.int32Max)),
        .optional("lastModified", .instant),
        .optional("syncStatus", .enumeration(RewardEModel.syncStatuses)),
    ])
    static let familySchema = RewardESchema([
        .required("name", RewardEModel.name), .required("starValue", .integer(1...RewardEModel.int32Max)),
        .required("currency", .enumeration(RewardEModel.currencies)), .required("inviteCode", .inviteCode),
        .optional("version", .integer(0...RewardEModel.int32Max)),
        .optional("lastModified", .instant), .optional("lastModifiedBy", RewardEModel.id),
    ])
    static let subscriptionSchema = RewardESchema([
        .required("active", .boolean), .required("platform", .enumeration(RewardEModel.platforms)),
        .required("productId", RewardEModel.id), .optional("expiresAt", .instant),
        .required("ownerId", RewardEModel.id),
    ])
}
