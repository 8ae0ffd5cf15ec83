// Harness ops of the FitLink profile (friends chat). Fields: specs/harness.md §"Ops" and
// specs/fitlink-chat.md §"Harness ops".

import CloserWire

extension HarnessOps {
    static let fitLink: [HarnessOp] = [
        HarnessOp("fitlink.chatId") { r throws(CloserError) in
            ["chatId": .string(try FitLinkChatID(try r.string("userA"), try r.string("userB")).string)]
        },
        HarnessOp("fitlink.publicKey") { r throws(CloserError) in
            [
                "publicKey": .string(
                    FitLinkChat.encodePublicKey(try X25519.publicKey(privateKey: try r.hex("privateKey"))))
            ]
        },
        HarnessOp("fitlink.encrypt") { r throws(CloserError) in
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
        HarnessOp("fitlink.decrypt") { r throws(CloserError) in
            let pt = try FitLinkChat.decrypt(
                encryptedContent: try r.string("encryptedContent"), iv: try r.string("iv"),
                privateKey: try r.hex("privateKey"), peerPublicKey: try r.string("peerPublicKey"),
                chatID: try r.string("chatId"), derivation: try fitLinkDerivation(r))
            return ["plaintext": .hex(pt)]
        },
    ]

    /// `derivation`: `sorted` (default, the pinned fix) or `as_written` (specs/fitlink-chat.md §Derivation).
    static func fitLinkDerivation(_ r: HarnessRequest) throws(CloserError) -> FitLinkDerivation {
        guard let name = try r.optionalString("derivation") else { return .sorted }
        guard let d = FitLinkDerivation(rawValue: name) else {
            throw CloserError(.harnessMalformedRequest, "field \"derivation\" must be sorted or as_written")
        }
        return d
    }
}
