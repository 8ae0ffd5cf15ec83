// The Unstoppable profile's error codes (area `unstoppable`). Normative:
// specs/profiles/unstoppable/errors.md. Nothing outside Sources/Profiles/Unstoppable/ names them.

import CoreWire

extension CloserError.Code {
    public static let unstoppableUnknownEndpoint = Self("unstoppable.unknown_endpoint", .invalidParameters)
    public static let unstoppableNotAnObject = Self("unstoppable.not_an_object", .invalidParameters)
    public static let unstoppableUnknownField = Self("unstoppable.unknown_field", .invalidParameters)
    public static let unstoppableMissingField = Self("unstoppable.missing_field", .invalidParameters)
    public static let unstoppableWrongType = Self("unstoppable.wrong_type", .invalidParameters)
    public static let unstoppableInvalidRoutineTime = Self("unstoppable.invalid_routine_time", .invalidParameters)
    public static let unstoppableInvalidDate = Self("unstoppable.invalid_date", .invalidParameters)
    public static let unstoppableUnknownEnumValue = Self("unstoppable.unknown_enum_value", .invalidParameters)
    public static let unstoppableOutOfRange = Self("unstoppable.out_of_range", .invalidParameters)
    public static let unstoppableEmptyUpdate = Self("unstoppable.empty_update", .invalidParameters)
    public static let unstoppableInvalidUTCOffset = Self("unstoppable.invalid_utc_offset", .invalidParameters)
    public static let unstoppableDuplicateHeader = Self("unstoppable.duplicate_header", .invalidParameters)
    public static let unstoppableInvalidAuthorization = Self("unstoppable.invalid_authorization", .invalidParameters)
    public static let unstoppableUnauthenticated = Self("unstoppable.unauthenticated", .invalidParameters)
    public static let unstoppableInvalidUserID = Self("unstoppable.invalid_user_id", .invalidParameters)
    public static let unstoppableInvalidEmail = Self("unstoppable.invalid_email", .invalidParameters)

    /// Every code the Unstoppable profile raises (besides the core's `datekey.invalid_instant`).
    public static let allUnstoppable: [Self] = [
        .unstoppableDuplicateHeader, .unstoppableEmptyUpdate, .unstoppableInvalidAuthorization,
        .unstoppableInvalidDate, .unstoppableInvalidEmail, .unstoppableInvalidUserID, .unstoppableUnauthenticated,
        .unstoppableInvalidRoutineTime,
        .unstoppableInvalidUTCOffset, .unstoppableMissingField, .unstoppableNotAnObject, .unstoppableOutOfRange,
        .unstoppableUnknownEndpoint, .unstoppableUnknownEnumValue, .unstoppableUnknownField, .unstoppableWrongType,
    ]
}
