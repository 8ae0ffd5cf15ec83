// The sealed payload object. Normative: specs/sealed-v1.md §"Payload".

extension CloserError.Code {
    public static let sealedPayloadNotObject = Self("sealed.payload_not_object", .decodeError)
    public static let sealedPayloadMissingMember = Self("sealed.payload_missing_member", .decodeError)
    public static let sealedPayloadInvalidNonce = Self("sealed.payload_invalid_nonce", .decodeError)
}

/// A JSON object with string members `coupleId`, `questionId`, `userId` and `nonce`
/// (16 bytes, b64url) plus the answer's own members.
public struct SealedPayload: Hashable, Sendable {
    public let json: JSONValue

    public init(_ json: JSONValue) throws(CloserError) {
        guard case .object(let members) = json else {
            throw CloserError(.sealedPayloadNotObject, "sealed payload must be a JSON object")
        }
        for name in CloserProfileV1.sealedPayloadRequiredMembers {
            guard members[name]?.stringValue != nil else {
                throw CloserError(.sealedPayloadMissingMember, "sealed payload lacks the string member \"\(name)\"")
            }
        }
        let nonce: [UInt8]
        do { nonce = try Base64.decode(members["nonce"]!.stringValue!, .url) } catch {
            throw CloserError(.sealedPayloadInvalidNonce, "sealed payload nonce is not b64url: \(error.reason)")
        }
        guard nonce.count == CloserProfileV1.sealedPayloadNonceLength else {
            throw CloserError(
                .sealedPayloadInvalidNonce,
                "sealed payload nonce is \(nonce.count) bytes; \(CloserProfileV1.sealedPayloadNonceLength) required")
        }
        self.json = json
    }

    public var coupleID: String { json["coupleId"]!.stringValue! }
    public var questionID: String { json["questionId"]!.stringValue! }
    public var userID: String { json["userId"]!.stringValue! }

    /// The RFC 8785 bytes: what is encrypted and what the commitment hashes.
    public func canonicalBytes() throws(CloserError) -> [UInt8] { try CanonicalJSON.serialize(json) }

    /// A fresh nonce member value.
    public static func makeNonce(random: some RandomSource = SystemRandom()) -> String {
        Base64.encode(random.bytes(CloserProfileV1.sealedPayloadNonceLength), .url)
    }
}
