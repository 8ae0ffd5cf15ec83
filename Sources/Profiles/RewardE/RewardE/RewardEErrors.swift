// The Reward-E profile's error codes (area `rewarde`). Normative: specs/profiles/reward-e/errors.md.
// Nothing outside Sources/Profiles/RewardE/ names them.

import CoreWire

extension CloserError.Code {
    public static let rewardENotAnObject = Self("rewarde.not_an_object", .invalidParameters)
    public static let rewardEUnknownField = Self("rewarde.unknown_field", .invalidParameters)
    public static let rewardEMissingField = Self("rewarde.missing_field", .invalidParameters)
    public static let rewardEWrongType = Self("rewarde.wrong_type", .invalidParameters)
    public static let rewardEUnknownEnumValue = Self("rewarde.unknown_enum_value", .invalidParameters)
    public static let rewardEOutOfRange = Self("rewarde.out_of_range", .invalidParameters)
    public static let rewardEUnknownDocument = Self("rewarde.unknown_document", .invalidParameters)
    public static let rewardEInsufficientBalance = Self("rewarde.insufficient_balance", .invalidParameters)
    public static let rewardEStaleVersion = Self("rewarde.stale_version", .invalidParameters)
    public static let rewardEUnknownQuota = Self("rewarde.unknown_quota", .invalidParameters)
    public static let rewardEInvalidDeepLink = Self("rewarde.invalid_deep_link", .invalidParameters)
    public static let rewardEInvalidInviteCode = Self("rewarde.invalid_invite_code", .invalidParameters)
    public static let rewardEUnknownProduct = Self("rewarde.unknown_product", .invalidParameters)
    public static let rewardEInvalidTimestamp = Self("rewarde.invalid_timestamp", .invalidParameters)

    /// Every code the Reward-E profile raises.
    public static let allRewardE: [Self] = [
        .rewardEInsufficientBalance, .rewardEInvalidDeepLink, .rewardEInvalidInviteCode, .rewardEMissingField,
        .rewardENotAnObject, .rewardEOutOfRange, .rewardEStaleVersion, .rewardEUnknownDocument,
        .rewardEUnknownEnumValue, .rewardEUnknownField, .rewardEUnknownProduct, .rewardEUnknownQuota,
        .rewardEWrongType, .rewardEInvalidTimestamp,
    ]
}
