// Harness ops of the FitLink profile (friends chat): declarations (rows of the op table spliced
// into specs/profiles/fitlink/chat.md §"Harness ops") and handlers.

import CloserHarness
import CloserVectorModel
import CoreWire
import FitLink

extension HarnessOpSpec {
    static let fitLinkChatID = Self(
        "fitlink.chatId", family: "fitlink", fields: [.required("userA", "string"), .required("userB", "string")],
        output: [.required("chatId")], layer: nil)
    static let fitLinkPublicKey = Self(
        "fitlink.publicKey", family: "fitlink", fields: [.required("privateKey", "hex, 32 bytes")],
        output: [.required("publicKey", "b64 text")], layer: nil)
    static let fitLinkEncrypt = Self(
        "fitlink.encrypt", family: "fitlink",
        fields: [
            .optional("derivation", "`sorted` default, or `as_written`"), .required("plaintext", "hex"),
            .required("privateKey", "hex"), .required("peerPublicKey", "b64 text"), .required("chatId"),
            .optional("nonce", "hex"),
        ], output: [.required("encryptedContent", "b64 text"), .required("iv", "b64 text")], layer: nil)
    static let fitLinkDecrypt = Self(
        "fitlink.decrypt", family: "fitlink",
        fields: [
            .required("encryptedContent", "b64 text"), .required("iv", "b64 text"), .required("privateKey", "hex"),
            .required("peerPublicKey", "b64 text"), .required("chatId"), .optional("derivation"),
        ], output: [.required("plaintext", "hex")], layer: nil)
}

enum FitLinkOps {
    static let all: [HarnessOp] = [
        HarnessOp(.fitLinkChatID) { r throws(CloserError) in
            ["chatId": .string(try FitLinkChatID(try r.string("userA"), try r.string("userB")).string)]
        },
        HarnessOp(.fitLinkPublicKey) { r throws(CloserError) in
            [
                "publicKey": .string(
                    FitLinkChat.encodePublicKey(try X25519.publicKey(privateKey: try r.hex("privateKey"))))
            ]
        },
        HarnessOp(.fitLinkEncrypt) { r throws(CloserError) in
            let derivation = try fitLinkDerivation(r)
            let pt = try r.hex("plaintext")
            let priv = try r.hex("privateKey")
            let peer = try r.string("peerPublicKey")
            let chat = try r.string("chatId")
            let trace =
                if let nonce = try r.optionalHex("nonce") {
                    try FitLinkChat.encrypt(
                        pt, privateKey: priv, peerPublicKey: peer, chatID: chat, nonce: nonce, derivation: derivation)
                } else {
                    try FitLinkChat.encrypt(
                        pt, privateKey: priv, peerPublicKey: peer, chatID: chat, derivation: derivation)
                }
            return ["encryptedContent": .string(trace.encryptedContent), "iv": .string(trace.iv)]
        },
        HarnessOp(.fitLinkDecrypt) { r throws(CloserError) in
            let pt = try FitLinkChat.decrypt(
                encryptedContent: try r.string("encryptedContent"), iv: try r.string("iv"),
                privateKey: try r.hex("privateKey"), peerPublicKey: try r.string("peerPublicKey"),
                chatID: try r.string("chatId"), derivation: try fitLinkDerivation(r))
            return ["plaintext": .hex(pt)]
        },
    ]

    /// `derivation`: `sorted` (default, the pinned fix) or `as_written` (specs/profiles/fitlink/chat.md §Derivation).
    static func fitLinkDerivation(_ r: HarnessRequest) throws(CloserError) -> FitLinkDerivation {
        guard let name = try r.optionalString("derivation") else { return .sorted }
        guard let d = FitLinkDerivation(rawValue: name) else {
            throw CloserError(.harnessMalformedRequest, "field \"derivation\" must be sorted or as_written")
        }
        return d
    }
}
