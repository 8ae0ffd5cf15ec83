// Every place where "the rules accept" and "CloserWire can read" differ, each with an
// example string made by the library, and the shortest real values. Normative:
// specs/rules-gaps.md (its tables are generated from this file).

import CloserVectorModel
import CloserRules
import CloserWire

/// One difference between a rules helper and CloserWire.
package struct RulesGap: Sendable {
    package enum Direction: String, Sendable {
        /// The rules accept it; CloserWire rejects it (a soft finding).
        case rulesAcceptWireRejects = "rules accept, wire rejects"
        /// CloserWire's keyless check accepts it; the rules reject it.
        case wireAcceptsRulesReject = "wire accepts, rules reject"
        /// The rules do not look at the field's shape at all.
        case unchecked = "rules do not check"
    }

    package let id: String
    package let field: String
    /// The rules helper (`isCiphertext`) or `none`.
    package let helper: String
    package let example: String
    package let direction: Direction
    /// What CloserWire says about the example (error code), or `accepted`.
    package let wire: String
    package let worthClosing: Bool
    package let proposal: String
    /// A replacement regex (RE2 syntax, whole match) that would refuse `example` and
    /// accept every real value; nil when none is proposed.
    package let proposedRegex: String?
}

/// Lengths (in characters, prefix included) of the shortest values a conforming client writes.
package struct RulesRealMinimums: Sendable {
    package let enc: Int
    package let sealed: Int
    package let keybox: Int
    package let commitment: Int
    /// The shortest length CloserWire's keyless check accepts, per kind.
    package let encKeyless: Int
    package let sealedKeyless: Int
    package let keyboxKeyless: Int
    /// The rules' own minimums.
    package let encRules: Int
    package let sealedRules: Int
    package let keyboxRules: Int
}

/// The gap catalogue.
package enum RulesGaps {
    /// Shortest real values: empty enc plaintext; the smallest sealed payload specs/sealed-v1.md
    /// allows (one-character ids, 16-byte nonce); a keybox of a one-time keyset whose key
    /// id needs one varint byte.
    package static func minimums() throws(CloserError) -> RulesRealMinimums {
        let r = RulesVectorValues.random("minimums")
        let keyset = try AEADKeyset.make(key: r.bytes(32), keyID: 1)
        let enc = try EncV1.seal("", coupleID: "c", keyset: keyset, iv: r.bytes(12))
        let payload = try SealedPayload(
            .object([
                "coupleId": .string("c"), "questionId": .string("q"), "userId": .string("u"),
                "nonce": .string(SealedPayload.makeNonce(random: r)),
            ]))
        let sealed = try SealedV1.seal(
            payload, binding: try SealedBinding(coupleID: "c", questionID: "q", userID: "u"), keyset: keyset,
            iv: r.bytes(12))
        let recipient = try HybridPrivateKeyset.make(privateKey: P256Scalar.generate(random: r).d, keyID: 1)
        let box = try KeyboxV1.wrap(
            keyset, to: recipient.publicKeyset,
            binding: try KeyboxBinding(coupleID: "c", questionID: "q", senderUserID: "a", recipientUserID: "b"),
            random: r)
        func keyless(_ kind: WireValueKind) -> Int {
            let bytes = kind.minimumBodyLength
            let chars = kind.encoding == .standard ? (bytes + 2) / 3 * 4 : (bytes * 4 + 2) / 3
            return kind.prefix.count + chars
        }
        return RulesRealMinimums(
            enc: enc.count, sealed: sealed.value.count, keybox: box.count, commitment: sealed.commitment.string.count,
            encKeyless: keyless(.enc), sealedKeyless: keyless(.sealed), keyboxKeyless: keyless(.keybox),
            encRules: "enc:v1:".count + 1, sealedRules: "sealed:v1:".count + 80, keyboxRules: "keybox:v1:".count + 120)
    }

    /// Every gap, each example made here by the library.
    package static func catalogue() throws(CloserError) -> [RulesGap] {
        let f = try RulesVectorFixtures()
        let m = try minimums()
        let realEnc = f.encAnswerAlice
        let paddedEnc =
            [f.encAnswerAlice, f.encAnswerBob, f.encPreview, f.encMessage, f.encPlanTitle].first { $0.hasSuffix("=") }
            ?? "enc:v1:AAAAAA=="
        let sealedBody = String(f.sealedAlice.value.dropFirst("sealed:v1:".count))
        let keyboxBody = String(f.keyboxAliceToBob.dropFirst("keybox:v1:".count))
        let shortSealed = "sealed:v1:" + Base64.encode([0x01] + [UInt8](repeating: 0, count: 32 + 4), .url)
        let enc = CloserRulesRegex.isCiphertext.name
        let sealed = CloserRulesRegex.isSealedPayload.name
        let keybox = CloserRulesRegex.isKeybox.name
        let commitment = CloserRulesRegex.isCommitmentHash.name
        let encRegex =
            "^enc:v1:A[Q-Za-f](?:[A-Za-z0-9+/]{4}){10}[A-Za-z0-9+/]{2}(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$"
        let sealedRegex = "^sealed:v1:A[Q-Za-f][A-Za-z0-9_-]{\(m.sealed - "sealed:v1:".count - 2),}$"
        let keyboxRegex = "^keybox:v1:A[Q-Za-f][A-Za-z0-9_-]{\(m.keybox - "keybox:v1:".count - 2),}$"
        let commitmentRegex = "^sha256:[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$"
        var gaps: [RulesGap] = [
            gap(
                "enc.too_short",
                "encryptedPayload, text, lastMessagePreview, actions.{uid}.action, answers.{uid}, title",
                enc, "enc:v1:AAAA", .enc, worth: true,
                "One structural regex closes every enc row: TINK byte first (`A[Q-Za-f]`), at least the 44 body characters of the shortest real value (\(m.enc) with the prefix), whole quads, canonical padding.",
                encRegex),
            gap(
                "enc.length_mod_4", "(as above)", enc, "enc:v1:AAAAA", .enc, worth: true,
                "Closed by the same regex (whole quads).", encRegex),
            gap(
                "enc.missing_padding", "(as above)", enc, String(paddedEnc.trimmingSuffix("=")), .enc, worth: true,
                "Closed by the same regex (whole quads).", encRegex),
            gap(
                "enc.non_canonical_bits", "(as above)", enc,
                "enc:v1:" + String(realEnc.dropFirst(7).prefix(44)) + "AAB=",
                .enc, worth: false,
                "Closed by the last-character classes of the same regex; harmless on its own (the AEAD tag fails).",
                encRegex),
            gap(
                "enc.raw_tink_prefix", "(as above)", enc, f.encRawKeyset, .enc, worth: true,
                "`A[Q-Za-f]` after the prefix pins the Tink TINK byte 0x01: a RAW-prefix or hand-rolled AES-GCM client is refused at write time.",
                encRegex),
            gap(
                "sealed.non_tink_body", "encryptedPayload (schemaVersion 3, thread messages)", sealed,
                "sealed:v1:" + String(repeating: "A", count: 80), .sealed, worth: true,
                "Pin the TINK byte and the shortest real length (\(m.sealed) characters).", sealedRegex),
            gap(
                "sealed.length_mod_4", "(as above)", sealed, "sealed:v1:" + String(sealedBody.prefix(81)), .sealed,
                worth: false, "A length-mod-4 rule needs an alternation per remainder; the AEAD fails anyway.", nil),
            gap(
                "keybox.too_short", "releaseKeys/{recipientId}.encryptedAnswerKey", keybox,
                "keybox:v1:" + String(keyboxBody.prefix(120)), .keybox, worth: true,
                "Raise `{120,}` to the shortest real keybox (\(m.keybox) characters with the prefix) and pin the TINK byte; the manual's \"120+ chars\" is below even the keyless minimum of \(m.keyboxKeyless).",
                keyboxRegex),
            gap(
                "commitment.non_canonical_last_char", "commitmentHash", commitment,
                RulesVectorValues.nonCanonical(commitment: f.sealedAlice.commitment.string), .commitment, worth: true,
                "48 of the 64 last characters cannot end a 32-byte digest.", commitmentRegex),
            RulesGap(
                id: "sealed.short_but_well_formed", field: "encryptedPayload", helper: sealed, example: shortSealed,
                direction: .wireAcceptsRulesReject,
                wire: WireProbe.error(shortSealed, as: .sealed)?.code.rawValue ?? "accepted",
                worthClosing: false,
                proposal:
                    "None: the rules' 80-character floor is stricter than the keyless check (\(m.sealedKeyless) characters), but no conforming value is that short (shortest real: \(m.sealed)).",
                proposedRegex: nil),
            unchecked(
                "pub.unchecked", "users/{uid}/devices/{deviceId}.publicKey", "pub:v1:AAAA", .pub, worth: true,
                "Add an `isPublicKey(v)` helper (prefix, alphabet, length). A bad key makes every keybox for that user undecryptable: a denial of reveal the partner cannot see coming. Point validation stays client-side.",
                "^pub:v1:[A-Za-z0-9_-]{100,}$"),
            unchecked(
                "wrap.salt_length", "couples/{coupleId}.kdfSalt",
                Base64.encode([UInt8](repeating: 7, count: 8), .standard),
                .kdfSalt, worth: true, "16 bytes in canonical b64.", "^[A-Za-z0-9+/]{21}[AQgw]==$"),
            unchecked(
                "wrap.params", "couples/{coupleId}.kdfParams", "argon2id:m=46080", .kdfParams, worth: true,
                "Equality with the pinned string while only it is written; a hostile value could otherwise make partners' devices hang (profile-v1 §11 bounds).",
                "^\\$argon2id\\$v=19\\$m=46080,t=3,p=1$"),
            unchecked(
                "wrap.too_short", "couples/{coupleId}.wrappedCoupleKey", "AAAA", .wrappedCoupleKey, worth: false,
                "A b64 shape regex is cheap, but a wrong wrap only hurts the writer's own couple.", nil),
        ]
        // A real value is accepted by both: the control row.
        gaps.append(
            RulesGap(
                id: "control.real_enc", field: "(any enc:v1 field)", helper: enc, example: realEnc,
                direction: .rulesAcceptWireRejects,
                wire: WireProbe.error(realEnc, as: .enc)?.code.rawValue ?? "accepted",
                worthClosing: false, proposal: "Control: a real value passes both.", proposedRegex: nil))
        return gaps
    }

    static func gap(
        _ id: String, _ field: String, _ helper: String, _ example: String, _ format: WireFieldFormat, worth: Bool,
        _ proposal: String, _ regex: String?
    ) -> RulesGap {
        RulesGap(
            id: id, field: field, helper: helper, example: example, direction: .rulesAcceptWireRejects,
            wire: WireProbe.error(example, as: format)?.code.rawValue ?? "accepted", worthClosing: worth,
            proposal: proposal, proposedRegex: regex)
    }

    static func unchecked(
        _ id: String, _ field: String, _ example: String, _ format: WireFieldFormat, worth: Bool, _ proposal: String,
        _ regex: String?
    ) -> RulesGap {
        RulesGap(
            id: id, field: field, helper: "none", example: example, direction: .unchecked,
            wire: WireProbe.error(example, as: format)?.code.rawValue ?? "accepted", worthClosing: worth,
            proposal: proposal, proposedRegex: regex)
    }

    /// The helper's pattern for a gap row (nil for `none`).
    package static func pattern(for helper: String) -> AnchoredPattern? {
        CloserRulesRegex.wireHelpers.first { $0.name == helper }?.pattern
    }
}
