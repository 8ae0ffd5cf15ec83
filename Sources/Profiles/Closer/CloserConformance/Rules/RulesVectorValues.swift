// Real wire values for the rules vectors, made with CloserWire from labelled seeds so the
// file is byte-identical run to run and adding a value does not shift the others.
// Normative: specs/rules.md §"Vectors".

import CloserVectorModel
import CloserRules
import CloserWire

/// Ids shared by every rules vector.
enum RulesFixture {
    static let coupleID = "couple-1"
    static let otherCoupleID = "couple-2"
    static let legacyCoupleID = "couple-legacy"
    static let alice = "alice"
    static let bob = "bob"
    static let mallory = "mallory"
    static let trent = "trent"
    static let carol = "carol"
    static let dave = "dave"
    static let sam = "sam"
    static let date = "2025-03-14"
    static let questionID = "q_0042"
    static let threadID = "thread-7"
    static let threadQuestionID = "q_thread_0007"
    static let conversationID = "conv-1"
    static let dateIdeaID = "idea-picnic"
}

/// The real `enc:v1:`, `sealed:v1:`, `sha256:`, `keybox:v1:` and `pub:v1:` strings the
/// vectors use, and the near-misses built from them.
struct RulesVectorValues: Sendable {
    static let seedPrefix = "closer-rules-vectors/v1/"
    static func random(_ label: String) -> SeededRandom { SeededRandom(seed: seedPrefix + label) }

    let coupleKeyset: AEADKeyset
    let alicePrivate: HybridPrivateKeyset
    let bobPrivate: HybridPrivateKeyset

    init() throws(CloserError) {
        coupleKeyset = try AEADKeyset.generate(random: Self.random("couple-keyset"))
        alicePrivate = try HybridPrivateKeyset.generate(random: Self.random("alice-device"))
        bobPrivate = try HybridPrivateKeyset.generate(random: Self.random("bob-device"))
    }

    /// `enc:v1:` of `text` under couple-1's keyset.
    func enc(_ text: String, _ label: String, coupleID: String = RulesFixture.coupleID) throws(CloserError) -> String {
        try EncV1.seal(text, coupleID: coupleID, keyset: coupleKeyset, random: Self.random("enc/" + label))
    }

    /// A sealed answer (value + commitment) by `userID` for `questionID`.
    func sealed(_ answer: String, userID: String, questionID: String, _ label: String) throws(CloserError)
        -> SealedAnswer
    {
        let r = Self.random("sealed/" + label)
        let oneTime = try AEADKeyset.generate(random: r)
        let payload = try SealedPayload(
            .object([
                "coupleId": .string(RulesFixture.coupleID), "questionId": .string(questionID),
                "userId": .string(userID),
                "nonce": .string(SealedPayload.makeNonce(random: r)), "answer": .string(answer),
            ]))
        let binding = try SealedBinding(coupleID: RulesFixture.coupleID, questionID: questionID, userID: userID)
        return try SealedV1.seal(payload, binding: binding, keyset: oneTime, random: r)
    }

    /// A keybox from `sender` to `recipient` wrapping a fresh one-time keyset.
    func keybox(
        from sender: String, to recipient: HybridPrivateKeyset, recipientID: String, questionID: String, _ label: String
    )
        throws(CloserError) -> String
    {
        let r = Self.random("keybox/" + label)
        let oneTime = try AEADKeyset.generate(random: r)
        let binding = try KeyboxBinding(
            coupleID: RulesFixture.coupleID, questionID: questionID, senderUserID: sender, recipientUserID: recipientID)
        return try KeyboxV1.wrap(oneTime, to: recipient.publicKeyset, binding: binding, random: r)
    }

    var alicePub: String { PubV1.encode(alicePrivate.publicKeyset) }
    var bobPub: String { PubV1.encode(bobPrivate.publicKeyset) }

    /// An `enc:v1:` made with a RAW-prefix keyset: regex-valid, but no Tink TINK prefix.
    func encWithRawKeyset(_ text: String) throws(CloserError) -> String {
        let r = Self.random("enc-raw")
        let raw = try AEADKeyset.make(key: r.bytes(32), keyID: 1, prefix: .raw)
        let body = try TinkAEAD.encrypt(
            raw, plaintext: Array(text.utf8), aad: Array(RulesFixture.coupleID.utf8), iv: r.bytes(12))
        return CloserProfileV1.encPrefix + Base64.encode(body, .standard)
    }

    /// A real commitment with its last character moved to the next, non-canonical symbol
    /// (43 characters, regex-valid; the 2 spare bits are no longer zero).
    static func nonCanonical(commitment: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var chars = Array(commitment)
        let i = alphabet.firstIndex(of: chars[chars.count - 1]) ?? 0
        chars[chars.count - 1] = alphabet[(i + 1) % 64]
        return String(chars)
    }
}
