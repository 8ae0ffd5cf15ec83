// Keyless parsing of the five wire strings: prefix, alphabet, length and the Tink framing
// that can be checked without a key. Normative: specs/enc-v1.md §"Shape", sealed-v1.md,
// keybox-v1.md, commitment.md, pub-v1.md. Opening a value (which needs a key) is done by
// `EncV1`, `SealedV1`, `KeyboxV1`; this type is what rules checks and `inspect` use.

import CoreWire

extension CloserError.Code {
    public static let wireUnknownPrefix = Self("wire.unknown_prefix", .decodeError)
    public static let wireWrongPrefix = Self("wire.wrong_prefix", .decodeError)
    public static let wireTooShort = Self("wire.too_short", .decodeError)
    public static let wireWrongTinkPrefix = Self("wire.wrong_tink_prefix", .decodeError)
    public static let wireWrongLength = Self("wire.wrong_length", .decodeError)
    public static let wirePrimaryNotTink = Self("wire.primary_not_tink", .invalidKey)
}

extension AEADKeyset {
    /// Writers of enc:v1 and sealed:v1 need a TINK primary: readers require body[0] == 0x01.
    func requireTinkPrimary(_ kind: WireValueKind) throws(CloserError) {
        guard primary.outputPrefixType == .tink else {
            throw CloserError(
                .wirePrimaryNotTink,
                "\(kind.prefix) values are written with a TINK-prefixed primary key; this primary is \(primary.outputPrefixType)"
            )
        }
    }
}

/// The five kinds of Closer wire string.
public enum WireValueKind: String, Sendable, CaseIterable, Codable {
    case enc, sealed, keybox, commitment, pub

    /// The string prefix, e.g. `enc:v1:`.
    public var prefix: String {
        switch self {
        case .enc: CloserProfileV1.encPrefix
        case .sealed: CloserProfileV1.sealedPrefix
        case .keybox: CloserProfileV1.keyboxPrefix
        case .commitment: CloserProfileV1.commitmentPrefix
        case .pub: CloserProfileV1.publicKeyPrefix
        }
    }

    /// The base64 profile of the body.
    package var encoding: Base64.Profile { self == .enc ? .standard : .url }

    /// The smallest decoded body a real value can have (specs per format).
    public var minimumBodyLength: Int {
        switch self {
        case .enc, .sealed:  // Tink prefix, IV, tag (empty plaintext)
            TinkFraming.outputPrefixLength + TinkFraming.ivLength + TinkFraming.tagLength
        case .keybox:  // Tink prefix, KEM point, DEM IV, DEM tag
            TinkFraming.outputPrefixLength + TinkFraming.kemLength + TinkFraming.ivLength + TinkFraming.tagLength
        case .commitment: 32
        case .pub: 1
        }
    }
}

/// A wire string split into kind and decoded body, checked for everything a key is not
/// needed for.
public struct WireString: Hashable, Sendable {
    public let kind: WireValueKind
    /// The decoded body (Tink ciphertext, digest, or public keyset bytes).
    public let body: [UInt8]
    /// The Tink framing of `body` for `enc`, `sealed` and `keybox`; nil for `commitment` and `pub`.
    /// Split on demand: opening a value reads `body` and never needs the parts copied out.
    public var frame: WireFrame? { kind == .commitment || kind == .pub ? nil : WireFrame(body: body, kind: kind) }

    /// Parses a string of a known kind.
    public init(parsing text: String, as kind: WireValueKind) throws(CloserError) {
        // One pass over the UTF-8 when every check passes; otherwise the checks run in the
        // order the specs give, so the first failing one names the error.
        if let body = Self.wellFormedBody(text, kind) {
            self.init(kind: kind, body: body)
        } else {
            try self.init(parsingInOrder: text, as: kind)
        }
    }

    private init(kind: WireValueKind, body: [UInt8]) {
        self.kind = kind
        self.body = body
    }

    /// The checks in the order the specs give them, one by one (no one-pass shortcut): what
    /// names every error, and the reference the one-pass path is tested against.
    package init(parsingInOrder text: String, as kind: WireValueKind) throws(CloserError) {
        guard text.hasPrefix(kind.prefix) else {
            if let other = WireValueKind.allCases.first(where: { text.hasPrefix($0.prefix) }) {
                throw CloserError(.wireWrongPrefix, "expected a \(kind.prefix) value, found a \(other.prefix) value")
            }
            throw CloserError(.wireWrongPrefix, "expected a \(kind.prefix) value; the string has no such prefix")
        }
        let body = try Base64.decode(Substring(text.utf8.dropFirst(kind.prefix.utf8.count)), kind.encoding)
        if let error = Self.shapeError(body, kind) { throw error }
        self.kind = kind
        self.body = body
    }

    /// The decoded body when `text` is a well-formed value of `kind`, else nil.
    private static func wellFormedBody(_ text: String, _ kind: WireValueKind) -> [UInt8]? {
        let body = kind.prefix.utf8.withContiguousStorageIfAvailable { prefix in
            text.utf8.withContiguousStorageIfAvailable { utf8 -> [UInt8]? in
                let raw = UnsafeRawBufferPointer(utf8)
                guard raw.count >= prefix.count,
                    bytesEqual(UnsafeRawBufferPointer(rebasing: raw[..<prefix.count]), UnsafeRawBufferPointer(prefix))
                else { return nil }
                return Base64.decodeValid(UnsafeRawBufferPointer(rebasing: raw[prefix.count...]), kind.encoding)
            }
        }
        guard let decoded = body ?? nil, let body = decoded, shapeError(body, kind) == nil else { return nil }
        return body
    }

    /// The keyless shape checks on a decoded body, in order; nil when it passes.
    private static func shapeError(_ body: [UInt8], _ kind: WireValueKind) -> CloserError? {
        switch kind {
        case .commitment:
            guard body.count == 32 else {
                return CloserError(.wireWrongLength, "sha256: digest is \(body.count) bytes; 32 expected")
            }
        case .enc, .sealed, .keybox:
            guard body.count >= kind.minimumBodyLength else {
                return CloserError(
                    .wireTooShort,
                    "\(kind.prefix) body is \(body.count) bytes; at least \(kind.minimumBodyLength) expected")
            }
            guard body[0] == TinkFraming.tinkPrefixByte else {
                return CloserError(
                    .wireWrongTinkPrefix,
                    "\(kind.prefix) body starts with 0x\(String(body[0], radix: 16)); a Tink TINK prefix (0x01) is expected"
                )
            }
        case .pub:
            guard !body.isEmpty else { return CloserError(.wireTooShort, "pub:v1: body is empty") }
        }
        return nil
    }

    /// Recognizes the kind by prefix, then parses.
    public init(parsing text: String) throws(CloserError) {
        guard let kind = WireValueKind.allCases.first(where: { text.hasPrefix($0.prefix) }) else {
            throw CloserError(
                .wireUnknownPrefix,
                "not a Closer wire value: expected one of \(WireValueKind.allCases.map(\.prefix).joined(separator: ", "))"
            )
        }
        try self.init(parsing: text, as: kind)
    }

    /// The Tink key id in the 5-byte prefix (enc, sealed, keybox).
    public var tinkKeyID: UInt32? { frame?.keyID }

    /// The canonical string form.
    public var string: String { Base64.encode(prefix: kind.prefix, body, kind.encoding) }
}

extension Collection where Element == UInt8 {
    var asString: String { String(decoding: self, as: UTF8.self) }
}
