// "Rules accept, wire rejects": a field the rules let through that the profile's wire library
// cannot read. Normative: specs/rules.md §"Wire findings"; every kind is listed in
// specs/rules-gaps.md. The engine knows no wire format: a rule set names its formats
// (`WireFieldFormat` constants) and supplies the probe that reads them (`WireFieldProbe`).

import CoreWire

/// What a field should hold on the wire: a name a profile's rule set gives (Closer's:
/// `enc:v1`, `pub:v1`, `wrappedCoupleKey`, …, in CloserRules).
public struct WireFieldFormat: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
}

/// Reads a string as a wire format without a key: the error the profile's wire library
/// raises, or nil when the value decodes. A rule set holds one; `none` reads nothing.
public struct WireFieldProbe: Sendable {
    private let read: @Sendable (String, WireFieldFormat) -> CloserError?

    public init(_ read: @escaping @Sendable (String, WireFieldFormat) -> CloserError?) { self.read = read }

    /// The wire error for `text` read as `format`, or nil when it decodes.
    public func error(_ text: String, as format: WireFieldFormat) -> CloserError? { read(text, format) }

    /// The probe of a rule set without wire-checked fields: every value decodes.
    public static let none = WireFieldProbe { _, _ in nil }
}

/// A softer finding: the request is decided by the rules alone, but this field would not
/// decode as the value it claims to be.
public struct WireFinding: Hashable, Sendable {
    /// The invariant whose check looked at the field.
    public internal(set) var invariant: InvariantID
    /// Dotted field path inside the incoming document (`actions.alice.action`).
    public let field: String
    public let format: WireFieldFormat
    /// The rules helper that accepted the value (`isCiphertext`), or `none` when the
    /// rules do not look at the field's shape at all.
    public let rulesHelper: String
    /// The wire library's error code (`wire.too_short`, `b64.non_canonical_trailing_bits`, ...).
    public let code: String
    public let reason: String

    public init(
        invariant: InvariantID = "", field: String, format: WireFieldFormat, rulesHelper: String,
        code: String,
        reason: String
    ) {
        self.invariant = invariant
        self.field = field
        self.format = format
        self.rulesHelper = rulesHelper
        self.code = code
        self.reason = reason
    }

    package var json: JSONValue {
        .object([
            "invariant": .string(invariant.rawValue), "field": .string(field),
            "format": .string(format.rawValue),
            "rulesHelper": .string(rulesHelper), "code": .string(code), "reason": .string(reason),
        ])
    }
}
