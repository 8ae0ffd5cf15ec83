// The sealed payload object. Normative: specs/sealed-v1.md §"Payload".

import CoreWire

extension CloserError.Code {
    public static let sealedPayloadNotObject = Self("sealed.payload_not_object", .decodeError)
    public static let sealedPayloadMissingMember = Self("sealed.payload_missing_member", .decodeError)
    public static let sealedPayloadInvalidNonce = Self("sealed.payload_invalid_nonce", .decodeError)
}

/// A JSON object with string members `coupleId`, `questionId`, `userId` and `nonce`
/// (16 bytes, b64url) plus the answer's own members.
///
/// A payload made from a value keeps the value; one revealed by `SealedV1.open` keeps the
/// canonical bytes it was checked against and parses them only when `json` is read, so a
/// reveal costs one pass over the plaintext (specs/sealed-v1.md §"Reveal").
public struct SealedPayload: Hashable, Sendable {
    private enum Storage: Sendable {
        case value(JSONValue)
        /// Bytes that `CanonicalJSON.canonicalize` returned unchanged.
        case canonical([UInt8])
    }

    private let storage: Storage
    public let coupleID: String
    public let questionID: String
    public let userID: String

    public init(_ json: JSONValue) throws(CloserError) {
        guard case .object(let members) = json else {
            throw CloserError(.sealedPayloadNotObject, "sealed payload must be a JSON object")
        }
        var ids: [String] = []
        for name in CloserProfileV1.sealedPayloadRequiredMembers {
            guard let string = members[name]?.stringValue else { throw Self.missing(name) }
            ids.append(string)
        }
        try Self.checkNonce(ids[3])
        storage = .value(json)
        (coupleID, questionID, userID) = (ids[0], ids[1], ids[2])
    }

    /// A payload from bytes that `CanonicalJSON.canonicalize` returned unchanged: the same
    /// checks and errors as `init(_:)` on their value, read from the bytes where the required
    /// members are plain strings (else through the value).
    ///
    /// An id whose bytes equal the corresponding id of `binding` shares that string's storage
    /// (a reveal then builds no string for it); which ids are equal is still for the caller to check.
    package init(canonicalBytes bytes: [UInt8], sharingIDsWith binding: SealedBinding? = nil) throws(CloserError) {
        guard let members = CanonicalObjectMembers.members(of: bytes) else {
            self = try SealedPayload(JSONValue(parsing: bytes))
            return
        }
        /// The text of required member `k`, or nil when it has escapes (then read through the value).
        func text(_ k: Int) throws(CloserError) -> Range<Int>? {
            let nameBytes = Self.requiredNameBytes[k]
            guard let member = members.first(where: { bytesEqual(bytes[$0.name], nameBytes) }),
                bytes[member.value.lowerBound] == UInt8(ascii: "\"")
            else { throw Self.missing(CloserProfileV1.sealedPayloadRequiredMembers[k]) }
            let text = (member.value.lowerBound + 1)..<(member.value.upperBound - 1)
            return bytes[text].contains(UInt8(ascii: "\\")) ? nil : text
        }
        func string(_ text: Range<Int>, _ known: String?) -> String {
            if let known, known.utf8.elementsEqual(bytes[text]) { return known }
            return String(decoding: bytes[text], as: UTF8.self)
        }
        // In the order of the required members: the first missing one is named.
        guard let couple = try text(0), let question = try text(1), let user = try text(2), let nonce = try text(3)
        else {
            self = try SealedPayload(JSONValue(parsing: bytes))
            return
        }
        let nonceBytes = bytes[nonce].withUnsafeBytes { Base64.decodeValid($0, .url) }
        if nonceBytes?.count != CloserProfileV1.sealedPayloadNonceLength {
            try Self.checkNonce(String(decoding: bytes[nonce], as: UTF8.self))
        }
        storage = .canonical(bytes)
        coupleID = string(couple, binding?.coupleID)
        questionID = string(question, binding?.questionID)
        userID = string(user, binding?.userID)
    }

    /// The payload as a JSON value.
    public var json: JSONValue {
        switch storage {
        case .value(let value): return value
        // Canonical bytes always parse (they are the parser's own output); `.null` is unreachable.
        case .canonical(let bytes): return (try? JSONValue(parsing: bytes)) ?? .null
        }
    }

    /// The RFC 8785 bytes: what is encrypted and what the commitment hashes.
    public func canonicalBytes() throws(CloserError) -> [UInt8] {
        switch storage {
        case .value(let value): return try CanonicalJSON.serialize(value)
        case .canonical(let bytes): return bytes
        }
    }

    /// Payloads are equal when their JSON values are (`JSONValue` equality).
    public static func == (a: Self, b: Self) -> Bool { a.json == b.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// A fresh nonce member value.
    public static func makeNonce(random: some RandomSource = SystemRandom()) -> String {
        Base64.encode(random.bytes(CloserProfileV1.sealedPayloadNonceLength), .url)
    }

    private static let requiredNameBytes = CloserProfileV1.sealedPayloadRequiredMembers.map { Array($0.utf8) }

    private static func missing(_ name: String) -> CloserError {
        CloserError(.sealedPayloadMissingMember, "sealed payload lacks the string member \"\(name)\"")
    }

    private static func checkNonce(_ text: String) throws(CloserError) {
        let nonce: [UInt8]
        do { nonce = try Base64.decode(text, .url) } catch {
            // The code, not the reason: a reason quotes a character of the (decrypted) nonce.
            throw CloserError(.sealedPayloadInvalidNonce, "sealed payload nonce is not b64url (\(error.code))")
        }
        guard nonce.count == CloserProfileV1.sealedPayloadNonceLength else {
            throw CloserError(
                .sealedPayloadInvalidNonce,
                "sealed payload nonce is \(nonce.count) bytes; \(CloserProfileV1.sealedPayloadNonceLength) required")
        }
    }
}
