// The fitlink_documents suite: friend_messages, friend_chats and user_keys documents (types,
// statuses, payload), the encrypted preview, Storage paths and what key rotation does to old
// messages. Normative: specs/profiles/fitlink/documents.md, media.md, keys.md; every
// `fitlink.validate` body is also checked against specs/profiles/fitlink/documents.schema.json
// (oracles/python/test_fitlink_schema.py).

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

enum FitLinkDocumentsSuite {
    static let name = "fitlink_documents"

    static let valid = VectorFlag("Valid", .basic, .binding, "A document or value both sides accept, as written.")
    static let shape = VectorFlag(
        "Shape", .edgeCase, .binding, "Not an object, a required member missing, an unknown member, out of range.")
    static let wrongType = VectorFlag("WrongType", .edgeCase, .binding, "A member of another JSON type.")
    static let enumValue = VectorFlag(
        "UnknownEnumValue", .edgeCase, .binding, "A message type or status outside the document's list.")
    static let payload = VectorFlag(
        "Payload", .wrongBinding, .binding, "A payload member that the message's type does not carry, or lacks.")
    static let participants = VectorFlag(
        "Participants", .wrongBinding, .binding,
        "participant_ids, last_message.sender_id, typing_status keys name the chat id's users.")
    static let encoding = VectorFlag(
        "Base64", .encoding, .encoding, "encrypted_content, iv, encrypted_preview and public_key are strict padded b64."
    )
    static let sizes = VectorFlag(
        "Sizes", .edgeCase, .aead, "iv is 12 bytes, encrypted_content at least 16, encrypted_preview at least 28.")
    static let preview = VectorFlag(
        "EncryptedPreview", .wrongBinding, .aead,
        "encrypted_preview is b64(nonce ‖ ciphertext ‖ tag) under the chat's key (decided).")
    static let rotation = VectorFlag(
        "KeyRotation", .keyManagement, .aead,
        "After a key rotation, messages under the old key no longer decrypt (decided).")
    static let storage = VectorFlag(
        "StoragePath", .wrongBinding, .binding, "chat_images/{chatId}/{id}.jpg and voice_messages/{chatId}/{id}.m4a.")

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "fitlink-documents",
            header: [
                "FitLink Firestore documents and media (specs/profiles/fitlink/documents.md, media.md, keys.md):",
                "fitlink.validate checks a friend_message, friend_chat or user_key document; fitlink.storagePath names",
                "a media object; fitlink.openPreview opens last_message.encrypted_preview; fitlink.decrypt after rotation.",
            ],
            groups: [
                VectorGroup("FitLinkMessage", comment: "friend_messages documents", cases: try messageCases()),
                VectorGroup("FitLinkChat", comment: "friend_chats documents", cases: try chatCases()),
                VectorGroup("FitLinkUserKey", comment: "user_keys documents", cases: try userKeyCases()),
                VectorGroup("FitLinkPreview", comment: "encrypted_preview", cases: try previewCases()),
                VectorGroup("FitLinkKeyRotation", comment: "old messages after a rotation", cases: try rotationCases()),
                VectorGroup("FitLinkStoragePath", comment: "Storage paths", cases: try storageCases()),
                VectorGroup("FitLinkPinnedBounds", comment: "pins at their bounds, cited", cases: try boundCases()),
            ])
    }

    static func json(_ text: String) throws(CloserError) -> JSONValue { try JSONValue(parsing: text) }

    /// One test; its outcome computed by CloserSpec and required to be `expected` (nil: success).
    static func run(
        _ spec: HarnessOpSpec, _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)],
        _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let op = (FitLinkOps.all + FitLinkDocumentOps.all).first { $0.name == spec.name }!
        let request = HarnessRequest(id: .number(0), op: spec.name, fields: Dictionary(uniqueKeysWithValues: input))
        let outcome: Result<[String: JSONValue], CloserError>
        do { outcome = .success(try op.handler(request)) } catch { outcome = .failure(error) }
        switch (outcome, expected) {
        case (.success(let out), nil):
            return .valid(
                comment, flags: flags, op: spec.name, input: input, output: out.keys.sorted().map { ($0, out[$0]!) })
        case (.failure(let error), let code?) where error.code == code:
            return .invalid(
                comment, flags: flags, op: spec.name, input: input, error: error.code, layer: layer(of: error.code),
                intermediates: [("reason", .string(error.reason))])
        default:
            throw CloserError(.harnessMalformedRequest, "\(name): \(comment): outcome differs from the case")
        }
    }

    /// The layer an error names: the profile's `fitlink` area is `binding` (FitLinkConformance.profile),
    /// the core's codes their own (x25519: kem, aesgcm: aead, b64: encoding).
    static func layer(of code: CloserError.Code) -> VectorLayer {
        code.rawValue.hasPrefix("fitlink.")
            ? .binding : code.rawValue.hasPrefix("x25519.") ? .kem : VectorLayer.of(detail: code.rawValue) ?? .binding
    }

    static func doc(
        _ comment: String, _ flags: [VectorFlag], _ kind: String, _ body: String, _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        try run(.fitLinkValidate, comment, flags, [("document", .string(kind)), ("body", try json(body))], expected)
    }
}
