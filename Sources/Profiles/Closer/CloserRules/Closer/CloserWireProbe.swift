// Closer's wire formats for the rules' wire findings and the probe that reads them with
// CloserWire. Normative: specs/rules.md §"Wire findings"; every kind is listed in
// specs/rules-gaps.md.

import CloserWire

extension WireFieldFormat {
    public static let enc = WireFieldFormat(rawValue: "enc:v1")
    public static let sealed = WireFieldFormat(rawValue: "sealed:v1")
    public static let keybox = WireFieldFormat(rawValue: "keybox:v1")
    public static let commitment = WireFieldFormat(rawValue: "sha256")
    public static let pub = WireFieldFormat(rawValue: "pub:v1")
    /// `wrappedCoupleKey`: b64(IV ‖ AES-256-GCM ciphertext ‖ tag).
    public static let wrappedCoupleKey = WireFieldFormat(rawValue: "wrappedCoupleKey")
    /// `kdfSalt`: b64 of 16 bytes.
    public static let kdfSalt = WireFieldFormat(rawValue: "kdfSalt")
    /// `kdfParams`: `$argon2id$v=19$m=…,t=…,p=…`.
    public static let kdfParams = WireFieldFormat(rawValue: "kdfParams")

    var wireKind: WireValueKind? {
        switch self {
        case .enc: .enc
        case .sealed: .sealed
        case .keybox: .keybox
        case .commitment: .commitment
        case .pub: .pub
        default: nil
        }
    }
}

extension WireFieldProbe {
    /// Closer's probe: CloserWire reads the value (`WireProbe`).
    public static let closer = WireFieldProbe { text, format in WireProbe.error(text, as: format) }
}

/// Keyless wire checks used by the rule checks (CloserWire does the work).
public enum WireProbe {
    /// Returns the CloserWire error for `text` read as `format`, or nil when it decodes (or when
    /// `format` is none of Closer's).
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
