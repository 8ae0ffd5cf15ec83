// Closer's pairing flows (couple-key wrap, invite phrase, recovery phrase) and the app profiles'
// producer/consumer pairs (FitLink's chat messages, Reward-E's deep links, PayBack's
// `account_friends` rows), and the table of every flow. Normative: specs/interop.md §"Flows".

import CloserWire

extension InteropFlow {
    /// Every flow, in specs/interop.md's order.
    package static var all: [InteropFlow] { wire + pairing + profiles }

    static var pairing: [InteropFlow] {
        [
            InteropFlow(
                HarnessOpSpec.coupleKeyWrap.name, HarnessOpSpec.coupleKeyUnwrap.name, randomness: ["salt", "iv"],
                shared: ["phrase"],
                outputs: [
                    ("wrappedCoupleKey", "wrappedCoupleKey"), ("kdfSalt", "kdfSalt"), ("kdfParams", "kdfParams"),
                ], make: explored(HarnessOpSpec.coupleKeyWrap.name), expected: echo([("keyset", "keyset")])),
            InteropFlow(
                HarnessOpSpec.inviteEncrypt.name, HarnessOpSpec.inviteDecrypt.name, randomness: ["salt", "iv"],
                shared: ["code"],
                outputs: [("value", "value")], make: explored(HarnessOpSpec.inviteEncrypt.name),
                expected: { input, reference in
                    // The phrase comes back in its canonical form (recovery-phrase.md §Normalization).
                    input.request["phrase"].flatMap { reference.output(.phraseNormalize, ["input": $0], "phrase") }
                        .map { ["phrase": $0] }
                }),
            InteropFlow(
                HarnessOpSpec.phraseFromEntropy.name, HarnessOpSpec.phraseNormalize.name,
                outputs: [("input", "phrase")],
                make: explored(HarnessOpSpec.phraseFromEntropy.name), expected: echo([("entropy", "entropy")])),
        ]
    }

    static var profiles: [InteropFlow] {
        [
            InteropFlow(
                "fitlink.encrypt", "fitlink.decrypt", randomness: ["nonce"], shared: ["chatId", "derivation"],
                outputs: [("encryptedContent", "encryptedContent"), ("iv", "iv")], make: fitlinkEncrypt,
                expected: echo([("plaintext", "plaintext")])),
            InteropFlow(
                "rewarde.formatDeepLink", "rewarde.parseDeepLink", outputs: [("url", "url")],
                make: explored("rewarde.formatDeepLink"), expected: echo([("childId", "childId")])),
            InteropFlow(
                "payback.encodeAccountFriend", "payback.decodeAccountFriend", outputs: [("row", "row")],
                make: explored("payback.encodeAccountFriend"),
                expected: { input, reference in
                    // The friend as CloserSpec reads its own row back (absent members are null: mapping.md).
                    guard
                        let row = input.request["friend"].flatMap({
                            reference.output("payback.encodeAccountFriend", ["friend": $0], "row")
                        })
                    else { return nil }
                    return reference.output("payback.decodeAccountFriend", ["row": row], "friend").map {
                        ["friend": $0]
                    }
                }),
        ]
    }

    /// A message from A to B: A's private key and B's public key to the producer, B's private key
    /// and A's public key to the consumer; the pinned `sorted` derivation (default or named).
    @Sendable static func fitlinkEncrypt(_ r: ExploreRandom, _ reference: ExploreReference) -> InteropInput? {
        let chat = r.fitlinkChat(reference)
        var request: [String: JSONValue] = [
            "plaintext": .hex(r.bytes(r.plaintextLength())), "privateKey": .hex(chat.privateA),
            "peerPublicKey": .string(chat.publicB), "chatId": .string(chat.chatId), "nonce": .hex(r.bytes(12)),
        ]
        // `as_written` is the documented defect: the recipient cannot open it (chat.md §Derivation).
        if r.chance(30) { request["derivation"] = .string("sorted") }
        return InteropInput(
            request: request, secrets: ["privateKey": .hex(chat.privateB), "peerPublicKey": .string(chat.publicA)])
    }
}
