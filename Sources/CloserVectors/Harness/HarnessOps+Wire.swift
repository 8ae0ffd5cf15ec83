// Harness ops for the core wire formats (issue: core wire formats).
// Fields: specs/harness.md §"Ops", mirroring architecture.md's table.

import CloserWire

extension HarnessOps {
    static var wire: [HarnessOp] { aead + json }

    static let aead: [HarnessOp] = [
        HarnessOp("aead.keyset") { r throws(CloserError) in
            let prefixName = try r.optionalString("prefix") ?? "TINK"
            guard let prefix = TinkOutputPrefixType(name: prefixName) else {
                throw CloserError(.harnessMalformedRequest, "field \"prefix\" must be TINK, RAW, LEGACY or CRUNCHY")
            }
            let ks = try AEADKeyset.make(key: try r.hex("key"), keyID: try r.uint32("keyId"), prefix: prefix)
            return ["keyset": .hex(ks.serializedBytes)]
        },
        HarnessOp("aead.encrypt") { r throws(CloserError) in
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
        HarnessOp("aead.decrypt") { r throws(CloserError) in
            let ks = try AEADKeyset(serializedBytes: try r.hex("keyset"))
            return ["plaintext": .hex(try TinkAEAD.decrypt(ks, ciphertext: try r.hex("ciphertext"), aad: try r.hex("aad")))]
        },
    ]

    static let json: [HarnessOp] = [
        HarnessOp("canonicalize") { r throws(CloserError) in
            ["canonical": .hex(try CanonicalJSON.canonicalize(Array(try r.string("json").utf8)))]
        }
    ]
}
