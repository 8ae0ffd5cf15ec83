// The lower-layer harness ops: one layer of the wire stack each, so that a harness can replay
// a failing vector layer by layer and name the first layer that disagrees.
// Normative: specs/harness.md §"Lower-layer ops" (fields, errors, order), specs/vectors.md §Layers.

import CloserWire

extension HarnessOps {
    static let lower: [HarnessOp] = [
        HarnessOp(.encodingDecode) { r throws(CloserError) in
            let profile = try r.string("profile")
            let text = try r.string("text")
            let bytes: [UInt8]
            switch try encodingProfile(profile) {
            case .hex: bytes = try Hex.decode(text)
            case .b64(let p): bytes = try Base64.decode(text, p)
            }
            return ["bytes": .hex(bytes)]
        },
        HarnessOp(.encodingEncode) { r throws(CloserError) in
            let profile = try r.string("profile")
            let bytes = try r.hex("bytes")
            switch try encodingProfile(profile) {
            case .hex: return ["text": .string(Hex.encode(bytes))]
            case .b64(let p): return ["text": .string(Base64.encode(bytes, p))]
            }
        },
        HarnessOp(.keysetValidate) { r throws(CloserError) in
            let bytes = try r.hex("keyset")
            let primitive = try r.string("primitive")
            let (primary, ids): (UInt32, [UInt32])
            switch primitive {
            case "aead":
                let ks = try AEADKeyset(serializedBytes: bytes)
                (primary, ids) = (ks.primary.keyID, ks.entries.map(\.keyID))
            case "hybridPrivate":
                let ks = try HybridPrivateKeyset(serializedBytes: bytes)
                (primary, ids) = (ks.primary.keyID, ks.entries.map(\.keyID))
            case "hybridPublic":
                let ks = try HybridPublicKeyset(serializedBytes: bytes)
                (primary, ids) = (ks.primary.keyID, ks.entries.map(\.keyID))
            default:
                throw CloserError(
                    .harnessMalformedRequest, "field \"primitive\" must be aead, hybridPrivate or hybridPublic")
            }
            return ["primaryKeyId": .number(Double(primary)), "keyIds": .array(ids.map { .number(Double($0)) })]
        },
        HarnessOp(.bindingAAD) { r throws(CloserError) in
            let kind = try r.string("kind")
            let aad: [UInt8]
            switch kind {
            case "enc": aad = try BindingComponents.join([("coupleId", try r.string("coupleId"))])
            case "sealed": aad = try sealedBinding(r).aad
            case "keybox": aad = try keyboxBinding(r).contextInfo()
            default: throw CloserError(.harnessMalformedRequest, "field \"kind\" must be enc, sealed or keybox")
            }
            return ["aad": .hex(aad)]
        },
        // IV length, then key size (AESGCM.seal's order).
        HarnessOp(.aesGCMSeal) { r throws(CloserError) in
            let key = try r.hex("key")
            let iv = try r.hex("iv")
            let pt = try r.hex("plaintext")
            let aad = try r.hex("aad")
            let sealed = try AESGCM.seal(key: key, iv: iv, plaintext: pt, aad: aad)
            return ["ciphertext": .hex(sealed.dropFirst(AESGCM.ivLength))]
        },
        // IV length, then ct || tag of at least 16 bytes, then key size, then the tag.
        HarnessOp(.aesGCMOpen) { r throws(CloserError) in
            let key = try r.hex("key")
            let iv = try r.hex("iv")
            let ct = try r.hex("ciphertext")
            let aad = try r.hex("aad")
            guard iv.count == AESGCM.ivLength else {
                throw CloserError(.aesGCMInvalidIV, "AES-GCM IV must be 12 bytes, got \(iv.count)")
            }
            guard ct.count >= AESGCM.tagLength else {
                throw CloserError(.aesGCMTooShort, "AES-GCM input is \(ct.count) bytes; a 16-byte tag is needed")
            }
            return ["plaintext": .hex(try AESGCM.open(key: key, sealed: iv + ct, aad: aad))]
        },
        // The scalar completely (hex, range), then the point (hex, encoding, coordinates, curve).
        HarnessOp(.p256ECDH) { r throws(CloserError) in
            let scalar = try P256Scalar(try r.hex("privateKey"))
            let point = try P256Point(uncompressed: try r.hex("publicPoint"))
            return ["sharedSecret": .hex(try scalar.sharedSecret(with: point))]
        },
        HarnessOp(.hkdfSHA256) { r throws(CloserError) in
            let ikm = try r.hex("ikm")
            let salt = try r.hex("salt")
            let info = try r.hex("info")
            let length = try r.anyInteger("length")
            return ["okm": .hex(try HKDFSHA256.derive(ikm: ikm, salt: salt, info: info, length: length))]
        },
    ]

    enum EncodingProfile {
        case hex
        case b64(Base64.Profile)
    }

    static func encodingProfile(_ name: String) throws(CloserError) -> EncodingProfile {
        switch name {
        case "b64": return .b64(.standard)
        case "b64url": return .b64(.url)
        case "hex": return .hex
        default: throw CloserError(.harnessMalformedRequest, "field \"profile\" must be b64, b64url or hex")
        }
    }
}

extension HarnessRequest {
    /// An integer field of any value (its bounds are the op's own check, not the request's):
    /// a JSON number whose exact decimal value is an integer, else `malformed_request`.
    fileprivate func anyInteger(_ name: String) throws(CloserError) -> Int {
        guard case .number(let d)? = optionalJSON(name), d.isFinite, d == d.rounded(), hasIntegralLiteral(name) else {
            return Int(try integer(name, in: 0...0))
        }
        return Int(exactly: d) ?? (d < 0 ? Int.min : Int.max)
    }
}
