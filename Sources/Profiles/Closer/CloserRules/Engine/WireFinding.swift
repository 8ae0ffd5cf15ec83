// "Rules accept, wire rejects": a field the rules let through that CloserWire cannot read.
// Normative: specs/rules.md §"Wire findings"; every kind is listed in specs/rules-gaps.md.

import CloserWire

/// What a field should hold on the wire.
public enum WireFieldFormat: String, Hashable, Sendable, CaseIterable, Codable {
    case enc = "enc:v1"
    case sealed = "sealed:v1"
    case keybox = "keybox:v1"
    case commitment = "sha256"
    case pub = "pub:v1"
    /// `wrappedCoupleKey`: b64(IV ‖ AES-256-GCM ciphertext ‖ tag).
    case wrappedCoupleKey
    /// `kdfSalt`: b64 of 16 bytes.
    case kdfSalt
    /// `kdfParams`: `$argon2id$v=19$m=…,t=…,p=…`.
    case kdfParams

    var wireKind: WireValueKind? {
        switch self {
        case .enc: .enc
        case .sealed: .sealed
        case .keybox: .keybox
        case .commitment: .commitment
        case .pub: .pub
        case .wrappedCoupleKey, .kdfSalt, .kdfParams: nil
        }
    }
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
    /// The CloserWire error code (`wire.too_short`, `b64.non_canonical_trailing_bits`, ...).
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

/// Keyless wire checks used by the rule checks (CloserWire does the work).
public enum WireProbe {
    /// Returns the CloserWire error for `text` read as `format`, or nil when it decodes.
    public static func error(_ text: String, as format: WireFieldFormat) -> CloserError? {
        if format == .pub {
            // A public key can be checked completely without a secret: keyset, template, point.
            do {
                _ = try PubV1.decode(text)
                return nil
            } catch { return error }
        }
        if let kind = format.wireKind {
            do {
                _ = try WireString(parsing: text, as: kind)
                return nil
            } catch { return error }
        }
        // The couple-key fields: the same per-field parsers unwrap uses (specs/couple-key-wrap.md).
        do {
            switch format {
            case .wrappedCoupleKey: _ = try CoupleKeyWrap.parseWrapped(text)
            case .kdfSalt: _ = try CoupleKeyWrap.parseSalt(text)
            case .kdfParams: _ = try KDFParams(parsing: text)
            default: break
            }
            return nil
        } catch { return error }
    }
}
