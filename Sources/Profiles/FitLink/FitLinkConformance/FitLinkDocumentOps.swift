// Harness ops of FitLink's documents and media: declarations (rows of the op table spliced into
// specs/profiles/fitlink/chat.md §"Harness ops") and handlers.

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

extension HarnessOpSpec {
    static let fitLinkValidate = Self(
        "fitlink.validate", family: "fitlink",
        fields: [.required("document", "friend_message, friend_chat or user_key"), .required("body", "JSON")],
        output: [.required("fields", "the document's member names, sorted")], layer: .binding)
    static let fitLinkStoragePath = Self(
        "fitlink.storagePath", family: "fitlink",
        fields: [
            .required("kind", "image or voice"), .required("chatId"),
            .required("mediaId", "UUID: the image or message id"),
        ],
        output: [.required("path", "Storage object path")], layer: .binding)
    static let fitLinkOpenPreview = Self(
        "fitlink.openPreview", family: "fitlink",
        fields: [
            .required("encryptedPreview", "b64 text"), .required("privateKey", "hex"),
            .required("peerPublicKey", "b64 text"), .required("chatId"),
        ], output: [.required("plaintext", "hex")], layer: nil)
}

enum FitLinkDocumentOps {
    static let all: [HarnessOp] = [
        HarnessOp(.fitLinkValidate) { r throws(CloserError) in
            let fields = try FitLinkDocument.validate(try r.string("document"), try r.json("body"))
            return ["fields": .array(fields.map(JSONValue.string))]
        },
        HarnessOp(.fitLinkStoragePath) { r throws(CloserError) in
            let path = try FitLinkStorage.path(
                kind: try r.string("kind"), chatID: try r.string("chatId"), id: try r.string("mediaId"))
            return ["path": .string(path)]
        },
        HarnessOp(.fitLinkOpenPreview) { r throws(CloserError) in
            let pt = try FitLinkStorage.openPreview(
                try r.string("encryptedPreview"), privateKey: try r.hex("privateKey"),
                peerPublicKey: try r.string("peerPublicKey"), chatID: try r.string("chatId"))
            return ["plaintext": .hex(pt)]
        },
    ]
}
