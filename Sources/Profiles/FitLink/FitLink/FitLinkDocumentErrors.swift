// The error codes of FitLink's Firestore documents and Storage paths (area `fitlink`). Normative:
// specs/profiles/fitlink/errors.md, documents.md.

import CoreWire

extension CloserError.Code {
    public static let fitLinkUnknownDocument = Self("fitlink.unknown_document", .invalidParameters)
    public static let fitLinkNotAnObject = Self("fitlink.not_an_object", .invalidParameters)
    public static let fitLinkUnknownField = Self("fitlink.unknown_field", .invalidParameters)
    public static let fitLinkMissingField = Self("fitlink.missing_field", .invalidParameters)
    public static let fitLinkWrongType = Self("fitlink.wrong_type", .invalidParameters)
    public static let fitLinkUnknownEnumValue = Self("fitlink.unknown_enum_value", .invalidParameters)
    public static let fitLinkOutOfRange = Self("fitlink.out_of_range", .invalidParameters)
    public static let fitLinkInvalidUUID = Self("fitlink.invalid_uuid", .invalidParameters)
    public static let fitLinkInvalidPayload = Self("fitlink.invalid_payload", .invalidParameters)
    public static let fitLinkNotAParticipant = Self("fitlink.not_a_participant", .invalidParameters)

    /// The document and Storage codes (part of `allFitLink`).
    public static let allFitLinkDocuments: [Self] = [
        .fitLinkInvalidPayload, .fitLinkInvalidUUID, .fitLinkMissingField, .fitLinkNotAParticipant,
        .fitLinkNotAnObject, .fitLinkOutOfRange, .fitLinkUnknownDocument, .fitLinkUnknownEnumValue,
        .fitLinkUnknownField, .fitLinkWrongType,
    ]
}
