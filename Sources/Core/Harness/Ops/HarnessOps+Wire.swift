// Harness ops for the core wire formats.
// Fields: specs/harness.md §"Ops".

import CloserWire

extension HarnessOps {
    static var wire: [HarnessOp] { aead + hybrid + values + json }

    static let aead: [HarnessOp] = [
        HarnessOp(.aeadKeyset) { r throws(CloserError) in
            let prefixName = try r.optionalString("prefix") ?? "TINK"
            guard let prefix = TinkOutputPrefixType(name: prefixName) else {
                throw CloserError(.harnessMalformedRequest, "field \"prefix\" must be TINK, RAW, LEGACY or CRUNCHY")
            }
            let ks = try AEADKeyset.make(key: try r.hex("key"), keyID: try r.uint32("keyId"), prefix: prefix)
            return ["keyset": .hex(ks.serializedBytes)]
        },
        HarnessOp(.aeadEncrypt) { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            let pt = try r.hex("plaintext")
            let aad = try r.hex("aad")
            let ct =
                if let iv = try r.optionalHex("iv") {
                    try TinkAEAD.encrypt(ks, plaintext: pt, aad: aad, iv: iv)
                } else {
                    try TinkAEAD.encrypt(ks, plaintext: pt, aad: aad)
                }
            return ["ciphertext": .hex(ct)]
        },
        HarnessOp(.aeadDecrypt) { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            return [
                "plaintext": .hex(try TinkAEAD.decrypt(ks, ciphertext: try r.hex("ciphertext"), aad: try r.hex("aad")))
            ]
        },
    ]

    static let json: [HarnessOp] = [
        HarnessOp(.canonicalize) { r throws(CloserError) in
            ["canonical": .hex(try CanonicalJSON.canonicalize(Array(try r.string("json").utf8)))]
        },
        HarnessOp(.commitment) { r throws(CloserError) in
            let canonical = try CanonicalJSON.canonicalize(Array(try r.string("json").utf8))
            return ["canonical": .hex(canonical), "value": .string(Commitment(canonicalBytes: canonical).string)]
        },
    ]

    static let hybrid: [HarnessOp] = [
        HarnessOp(.hybridKeyset) { r throws(CloserError) in
            let priv = try HybridPrivateKeyset.make(privateKey: try r.hex("privateKey"), keyID: try r.uint32("keyId"))
            return [
                "privateKeyset": .hex(priv.serializedBytes), "publicKeyset": .hex(priv.publicKeyset.serializedBytes),
            ]
        },
        HarnessOp(.hybridEncrypt) { r throws(CloserError) in
            let pub = try HybridPublicKeyset(serializedBytes: try r.hex("publicKeyset"))
            let (eph, iv) = try ephemeralAndIV(r)
            let trace = try TinkHybrid.encryptWithTrace(
                pub, plaintext: try r.hex("plaintext"), contextInfo: try r.hex("contextInfo"), ephemeral: eph, iv: iv)
            return ["ciphertext": .hex(trace.ciphertext)]
        },
        HarnessOp(.hybridDecrypt) { r throws(CloserError) in
            let priv = try HybridPrivateKeyset(serializedBytes: try r.hex("privateKeyset"))
            let pt = try TinkHybrid.decrypt(
                priv, ciphertext: try r.hex("ciphertext"), contextInfo: try r.hex("contextInfo"))
            return ["plaintext": .hex(pt)]
        },
    ]

    static let values: [HarnessOp] = [
        HarnessOp(.encSeal) { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            let iv = try r.optionalHex("iv") ?? SystemRandom().bytes(AESGCM.ivLength)
            return [
                "value": .string(
                    try EncV1.seal(try r.string("text"), coupleID: try r.string("coupleId"), keyset: ks, iv: iv))
            ]
        },
        HarnessOp(.encOpen) { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            return [
                "text": .string(try EncV1.open(try r.string("value"), coupleID: try r.string("coupleId"), keyset: ks))
            ]
        },
        // Inputs are read in the order of the op's row in specs/harness.md, each checked fully.
        HarnessOp(.sealedSeal) { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            let binding = try sealedBinding(r)
            let payload = try SealedPayload(JSONValue(parsing: try r.string("payload")))
            let iv = try r.optionalHex("iv") ?? SystemRandom().bytes(AESGCM.ivLength)
            let sealed = try SealedV1.seal(payload, binding: binding, keyset: ks, iv: iv)
            return ["value": .string(sealed.value), "commitment": .string(sealed.commitment.string)]
        },
        HarnessOp(.sealedOpen) { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            let binding = try sealedBinding(r)
            let value = try r.string("value")
            _ = try WireString(parsing: value, as: .sealed)
            let commitment = try Commitment(parsing: try r.string("commitment"))
            let payload = try SealedV1.open(value, commitment: commitment, binding: binding, keyset: ks)
            return ["payload": .string(String(decoding: try payload.canonicalBytes(), as: UTF8.self))]
        },
        HarnessOp(.pubEncode) { r throws(CloserError) in
            ["value": .string(try PubV1.encode(publicKeysetBytes: try r.hex("publicKeyset")))]
        },
        HarnessOp(.pubDecode) { r throws(CloserError) in
            let value = try r.string("value")
            let ks = try PubV1.decode(value)
            return [
                "publicKeyset": .hex(try WireString(parsing: value, as: .pub).body),
                "keyId": .number(Double(ks.primary.keyID)),
                "x": .hex(ks.primary.key.point.x), "y": .hex(ks.primary.key.point.y),
            ]
        },
        HarnessOp(.keyboxWrap) { r throws(CloserError) in
            let recipient = try PubV1.decode(try r.string("recipient"))
            let binding = try keyboxBinding(r)
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            let (eph, iv) = try ephemeralAndIV(r)
            let wrapped = try KeyboxV1.wrapWithTrace(ks, to: recipient, binding: binding, ephemeral: eph, iv: iv)
            return ["value": .string(wrapped.value)]
        },
        HarnessOp(.keyboxUnwrap) { r throws(CloserError) in
            let priv = try HybridPrivateKeyset(serializedBytes: try r.hex("privateKeyset"))
            let binding = try keyboxBinding(r)
            let ks = try KeyboxV1.unwrap(try r.string("value"), privateKeyset: priv, binding: binding)
            return ["keyset": .hex(ks.serializedBytes)]
        },
    ]

    static func ephemeralAndIV(_ r: HarnessRequest) throws(CloserError) -> (P256Scalar, [UInt8]) {
        let eph = try r.optionalHex("ephemeralPrivateKey").map { (b: [UInt8]) throws(CloserError) in try P256Scalar(b) }
        return (
            eph ?? P256Scalar.generate(random: SystemRandom()),
            try r.optionalHex("iv") ?? SystemRandom().bytes(AESGCM.ivLength)
        )
    }

    static func sealedBinding(_ r: HarnessRequest) throws(CloserError) -> SealedBinding {
        try SealedBinding(
            coupleID: try r.string("coupleId"), questionID: try r.string("questionId"), userID: try r.string("userId"))
    }

    static func keyboxBinding(_ r: HarnessRequest) throws(CloserError) -> KeyboxBinding {
        try KeyboxBinding(
            coupleID: try r.string("coupleId"), questionID: try r.string("questionId"),
            senderUserID: try r.string("senderUserId"), recipientUserID: try r.string("recipientUserId"))
    }
}
