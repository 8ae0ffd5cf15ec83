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
    /// `wrappedCoupleKey`: b64(IV ‖ AES-256-GCM ciphertext ‖ tag), profile-v1 §11.
    case wrappedCoupleKey
    /// `kdfSalt`: b64 of 16 bytes, profile-v1 §11.
    case kdfSalt
    /// `kdfParams`: `$argon2id$v=19$m=…,t=…,p=…`, profile-v1 §11.
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

    public var json: JSONValue {
        .object([
            "invariant": .string(invariant.rawValue), "field": .string(field),
            "format": .string(format.rawValue),
            "rulesHelper": .string(rulesHelper), "code": .string(code), "reason": .string(reason),
        ])
    }
}

extension CloserError.Code {
    // TODO(couplekey): replace with the couple-key-wrap parser's own codes once it lands on main.
    public static let rulesWrapTooShort = Self("couplewrap.too_short", .decodeError)
    public static let rulesWrapSaltLength = Self("couplewrap.salt_length", .decodeError)
    public static let rulesWrapParams = Self("couplewrap.invalid_params", .invalidParameters)
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
        switch format {
        case .wrappedCoupleKey:
            do {
                let body = try Base64.decode(text, .standard)
                // IV + tag + a non-empty keyset.
                guard body.count > AESGCM.ivLength + AESGCM.tagLength else {
                    return CloserError(
                        .rulesWrapTooShort,
                        "wrappedCoupleKey is \(body.count) bytes; IV (12) + tag (16) + a keyset expected")
                }
                return nil
            } catch { return error }
        case .kdfSalt:
            do {
                let body = try Base64.decode(text, .standard)
                return body.count == 16
                    ? nil : CloserError(.rulesWrapSaltLength, "kdfSalt is \(body.count) bytes; 16 expected")
            } catch { return error }
        case .kdfParams:
            return isPHCArgon2id(text)
                ? nil
                : CloserError(
                    .rulesWrapParams, "kdfParams is not a PHC string $argon2id$v=19$m=<KiB>,t=<n>,p=<n>")
        default:
            return nil
        }
    }

    /// `$argon2id$v=19$m=<digits>,t=<digits>,p=<digits>` with no leading zeros.
    static func isPHCArgon2id(_ s: String) -> Bool {
        let head = "$argon2id$v=19$"
        guard s.hasPrefix(head) else { return false }
        let parts = s.dropFirst(head.count).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return false }
        for (part, name) in zip(parts, ["m=", "t=", "p="]) {
            guard part.hasPrefix(name) else { return false }
            let digits = part.dropFirst(2)
            guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                digits == "0" || !digits.hasPrefix("0")
            else { return false }
        }
        return true
    }
}
