// The request fields each op takes: exactly its row of specs/harness.md §"Ops" (a test reads
// the page and compares), plus `id` and `op`, plus CloserSpec's `backend` on the ops that run
// Argon2id. A request with any other member is `malformed_request` naming the member, so a
// misspelled optional input (`"IV"` for `"iv"`) cannot silently fall back to a default such
// as a random IV (specs/harness.md §Framing).

import CloserWire

package enum HarnessOpFields {
    /// Members every request may have.
    static let envelope: Set<String> = ["id", "op"]

    /// The CloserSpec extension field of the ops that run Argon2id (specs/harness.md §Ops).
    package static let backendOps: Set<String> = [
        "argon2id", "couplekey.wrap", "couplekey.unwrap", "invite.encrypt", "invite.decrypt",
    ]

    /// Each op's fields, as its row of specs/harness.md lists them (optional ones included).
    package static let rows: [String: [String]] = [
        "info": [],
        "aead.keyset": ["key", "keyId", "prefix"],
        "aead.encrypt": ["keyset", "plaintext", "aad", "iv"],
        "aead.decrypt": ["keyset", "ciphertext", "aad"],
        "hybrid.keyset": ["privateKey", "keyId"],
        "hybrid.encrypt": ["publicKeyset", "plaintext", "contextInfo", "ephemeralPrivateKey", "iv"],
        "hybrid.decrypt": ["privateKeyset", "ciphertext", "contextInfo"],
        "enc.seal": ["keyset", "coupleId", "text", "iv"],
        "enc.open": ["keyset", "coupleId", "value"],
        "canonicalize": ["json"],
        "commitment": ["json"],
        "sealed.seal": ["keyset", "coupleId", "questionId", "userId", "payload", "iv"],
        "sealed.open": ["keyset", "coupleId", "questionId", "userId", "value", "commitment"],
        "pub.encode": ["publicKeyset"],
        "pub.decode": ["value"],
        "keybox.wrap": [
            "recipient", "coupleId", "questionId", "senderUserId", "recipientUserId", "keyset",
            "ephemeralPrivateKey", "iv",
        ],
        "keybox.unwrap": ["privateKeyset", "coupleId", "questionId", "senderUserId", "recipientUserId", "value"],
        "argon2id": ["password", "salt", "memoryKiB", "iterations", "parallelism", "length"],
        "couplekey.wrap": ["keyset", "phrase", "salt", "iv"],
        "couplekey.unwrap": ["wrappedCoupleKey", "kdfSalt", "kdfParams", "phrase"],
        "phrase.fromEntropy": ["entropy"],
        "phrase.normalize": ["input"],
        "invite.encrypt": ["code", "phrase", "salt", "iv"],
        "invite.decrypt": ["code", "value"],
        "rules.evaluate": ["auth", "method", "path", "data", "existing", "world", "query", "profile"],
        "callable.validate": ["callable", "payload", "invite"],
        "datekey.compute": ["instant", "kind"],
        "push.route": ["data", "coupleId"],
        "encoding.decode": ["profile", "text"],
        "encoding.encode": ["profile", "bytes"],
        "keyset.validate": ["keyset", "primitive"],
        "binding.aad": ["kind", "coupleId", "questionId", "userId", "senderUserId", "recipientUserId"],
        "aesgcm.seal": ["key", "iv", "plaintext", "aad"],
        "aesgcm.open": ["key", "iv", "ciphertext", "aad"],
        "p256.ecdh": ["privateKey", "publicPoint"],
        "hkdf.sha256": ["ikm", "salt", "info", "length"],
        "fitlink.chatId": ["userA", "userB"],
        "fitlink.publicKey": ["privateKey"],
        "fitlink.encrypt": ["privateKey", "peerPublicKey", "chatId", "plaintext", "nonce", "derivation"],
        "fitlink.decrypt": ["privateKey", "peerPublicKey", "chatId", "encryptedContent", "iv", "derivation"],
    ]

    /// Every member a request for `op` may carry, or nil for an op without a row.
    package static func allowed(_ op: String) -> Set<String>? {
        guard let row = rows[op] else { return nil }
        return envelope.union(row).union(backendOps.contains(op) ? ["backend"] : [])
    }

    /// Refuses the first (in code-point order) member `op` does not take.
    static func check(_ request: HarnessRequest) throws(CloserError) {
        guard let allowed = allowed(request.op) else { return }
        guard let unknown = request.fields.keys.filter({ !allowed.contains($0) }).min() else { return }
        throw CloserError(
            .harnessMalformedRequest,
            "op \(request.op) takes no field \(CloserError.quoted(unknown)) (specs/harness.md §Ops lists its fields)")
    }
}
