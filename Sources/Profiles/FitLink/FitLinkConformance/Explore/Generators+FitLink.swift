// Generators of the FitLink profile's chat ops (specs/profiles/fitlink/chat.md): user ids of the
// pinned alphabet at 1 and 128 bytes (and ids it refuses), chat ids in and out of order, X25519
// keys (random, and the low-order points, bit 255 set included), plaintexts across the AES block
// and 64 KiB, both derivations; values encrypted by CloserSpec, opened from either side, and
// mutated at the encoding (b64), AEAD (nonce, tag, ciphertext) and binding (another chat id)
// layers. Normative: specs/explore.md §"Generators".

import CloserHarness
import CoreWire

extension ExploreRandom {
    /// The X25519 low-order points (RFC 7748 §6.1's list, little-endian), some with bit 255 set.
    static let lowOrderPoints: [[UInt8]] = [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "cdeb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
    ].map { (try? Hex.decode($0)) ?? [] }

    /// A chat id mutated: the users out of order, another separator or prefix, one user only.
    func mutateChatID(_ id: String) -> String {
        let parts = id.dropFirst(5).split(separator: "_").map(String.init)
        guard parts.count == 2 else { return id + "_" }
        return pick([
            "chat_\(parts[1])_\(parts[0])", "chat-\(parts[0])_\(parts[1])", "Chat_\(parts[0])_\(parts[1])",
            "chat_\(parts[0])", "chat_\(parts[0])_\(parts[0])", "chat_\(parts[0])__\(parts[1])", id + "x", "chat_",
        ])
    }
}

extension ExploreGenerator {
    /// FitLink's generators (FitLinkConformance.profile's explore group).
    package static var fitLink: [ExploreGenerator] {
        [
            ExploreGenerator(.fitLinkChatID, byteExact: false) { r, _ in
                let a = r.fitlinkUser()
                return GeneratedInput(["userA": .string(a), "userB": .string(r.chance(5) ? a : r.fitlinkUser())])
            },
            ExploreGenerator(.fitLinkPublicKey, byteExact: false) { r, _ in
                let d =
                    r.chance(90)
                    ? r.bytes(32) : r.chance(50) ? r.pick(ExploreRandom.lowOrderPoints) : r.bytes(r.pick([0, 31, 33]))
                return GeneratedInput(["privateKey": .hex(d)])
            },
            ExploreGenerator(.fitLinkEncrypt, byteExact: false, fitlinkEncrypt),
            ExploreGenerator(.fitLinkDecrypt, byteExact: false) { r, ref in fitlinkOpen(r, ref, preview: false) },
            ExploreGenerator(.fitLinkOpenPreview, byteExact: false) { r, ref in fitlinkOpen(r, ref, preview: true) },
            ExploreGenerator(.fitLinkStoragePath, byteExact: false) { r, ref in
                let kind = r.chance(95) ? r.pick(["image", "voice"]) : r.pick(["file", "Image", ""])
                var chat = r.fitlinkChat(ref).chatId
                if r.chance(5) { chat = r.mutateChatID(chat) }
                let media = r.chance(95) ? r.memberID(mutate: 0) : r.memberID(mutate: 100)
                return GeneratedInput(["kind": .string(kind), "chatId": .string(chat), "mediaId": .string(media)])
            },
        ]
    }

    /// A random derivation member: absent (most), `sorted`, `as_written`, or (rarely) another.
    static func derivation(_ r: ExploreRandom) -> JSONValue? {
        r.chance(70) ? nil : r.chance(95) ? .string(r.pick(["sorted", "as_written"])) : .string("Sorted")
    }

    @Sendable static func fitlinkEncrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let chat = r.fitlinkChat(reference)
        var input: [String: JSONValue] = [
            "plaintext": .hex(r.bytes(r.plaintextLength())), "privateKey": .hex(chat.privateA),
            "peerPublicKey": .string(chat.publicB), "chatId": .string(chat.chatId), "nonce": .hex(r.bytes(12)),
        ]
        input["derivation"] = derivation(r)
        let how: String
        switch r.below(20) {
        case 0: (input["chatId"], how) = (.string(r.mutateChatID(chat.chatId)), "binding: chat id")
        case 1: (input["privateKey"], how) = (.hex(r.bytes(r.pick([0, 31, 33]))), "key: private key length")
        case 2:
            (input["peerPublicKey"], how) = (
                .string(r.mutateEncoding(chat.publicB, url: false).0), "encoding: peer key"
            )
        case 3:
            input["peerPublicKey"] = .string(Base64.encode(r.pick(ExploreRandom.lowOrderPoints), .standard))
            how = "key: low-order point"
        case 4: (input["nonce"], how) = (.hex(r.bytes(r.pick([0, 11, 13, 16]))), "aead: nonce length")
        default: return GeneratedInput(input)
        }
        return GeneratedInput(input, how)
    }

    /// A message encrypted by CloserSpec from A to B, opened by A or B, and (60%) mutated.
    @Sendable static func fitlinkOpen(_ r: ExploreRandom, _ reference: ExploreReference, preview: Bool)
        -> GeneratedInput
    {
        let chat = r.fitlinkChat(reference)
        var sealInput: [String: JSONValue] = [
            "plaintext": .hex(r.bytes(r.plaintextLength())), "privateKey": .hex(chat.privateA),
            "peerPublicKey": .string(chat.publicB), "chatId": .string(chat.chatId), "nonce": .hex(r.bytes(12)),
        ]
        let derivation = preview ? nil : derivation(r)
        sealInput["derivation"] = derivation
        let sealed = reference.response(.fitLinkEncrypt, sealInput)
        let nonce = (try? Base64.decode(sealed["iv"]?.stringValue ?? "", .standard)) ?? []
        var body = (try? Base64.decode(sealed["encryptedContent"]?.stringValue ?? "", .standard)) ?? []
        let sender = r.chance(50)
        var out: [String: JSONValue] = [
            "privateKey": .hex(sender ? chat.privateA : chat.privateB),
            "peerPublicKey": .string(sender ? chat.publicB : chat.publicA), "chatId": .string(chat.chatId),
        ]
        out["derivation"] = derivation
        var how = "valid"
        var ivText = Base64.encode(nonce, .standard)
        if preview { body = nonce + body }
        switch r.chance(60) ? r.below(6) : -1 {
        case 0: (body, how) = preview ? r.mutateSealed(body, skip: 0) : (r.flipBit(body), "aead: ciphertext or tag bit")
        case 1...2 where preview:
            // A preview has no separate IV: both draws cut the nonce ‖ ct ‖ tag short.
            (body, how) = (Array(body.prefix(r.below(28))), "aead: too short")
        case 1: (ivText, how) = r.mutateEncoding(ivText, url: false)
        case 2: (ivText, how) = (Base64.encode(r.bytes(r.pick([0, 11, 13, 16])), .standard), "aead: nonce length")
        case 3:
            (out["chatId"], how) = (
                .string(r.chance(50) ? r.fitlinkChat(reference).chatId : r.mutateChatID(chat.chatId)),
                "binding: chat id"
            )
        case 4:
            (out["peerPublicKey"], how) = (
                .string(Base64.encode(r.pick(ExploreRandom.lowOrderPoints), .standard)), "key: low-order point"
            )
        case 5: (body, how) = (r.resize(body), "aead: truncated or extended")
        default: break
        }
        var text = Base64.encode(body, .standard)
        if how == "valid", r.chance(15) { (text, how) = r.mutateEncoding(text, url: false) }
        if preview {
            out["encryptedPreview"] = .string(text)
        } else {
            (out["encryptedContent"], out["iv"]) = (.string(text), .string(ivText))
        }
        return GeneratedInput(out, how)
    }
}
