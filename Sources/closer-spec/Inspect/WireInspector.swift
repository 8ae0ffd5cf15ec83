// Takes a wire string apart layer by layer and, given keys and bindings, opens it.
// Each step reuses the library's own parsers, so a failure here is the failure a port
// would get, with the layer it happened in.

import CloserHarness
import CloserWire

/// What `inspect` may use to open a value.
package struct InspectionKeys: Sendable {
    package var keyset: AEADKeyset?
    package var privateKeyset: HybridPrivateKeyset?
    package var coupleID: String?
    package var questionID: String?
    package var userID: String?
    package var senderUserID: String?
    package var recipientUserID: String?
    package var commitment: String?
    /// Whether secret key material that opening reveals (a keybox's one-time keyset) is shown,
    /// as `couple-key unwrap --reveal` shows the couple key (specs/keybox-v1.md §"CLI").
    package var reveal = false

    package init() {}
}

extension CloserError.Code {
    package static let inspectMissingInput = Self("inspect.missing_input", .malformedRequest)
}

/// Inspects Closer wire strings.
package enum WireInspector {
    package static func inspect(_ text: String, keys: InspectionKeys = InspectionKeys()) -> WireInspection {
        var report = WireInspection()
        do {
            try run(text, keys, &report)
        } catch {
            report.failure = error
        }
        return report
    }

    private static func run(_ text: String, _ keys: InspectionKeys, _ r: inout WireInspection) throws(CloserError) {
        r.add("input", "length", .number(Double(text.utf8.count)))
        guard let kind = WireValueKind.allCases.first(where: { text.hasPrefix($0.prefix) }) else {
            _ = try WireString(parsing: text)  // throws the named unknown-prefix error
            return
        }
        r.add("prefix", "value", .string(kind.prefix))
        r.add("prefix", "kind", .string(kind.rawValue))
        r.add(
            "encoding", "alphabet",
            .string(kind.encoding == .standard ? "b64 (RFC 4648 §4, padded)" : "b64url (RFC 4648 §5, no padding)"))
        r.add("encoding", "characters", .number(Double(text.utf8.count - kind.prefix.utf8.count)))
        // The one parse: encoding, length and Tink framing; everything below reads its parts.
        let wire = try WireString(parsing: text, as: kind)
        r.add("encoding", "decodedLength", .number(Double(wire.body.count)))
        switch kind {
        case .commitment:
            r.add("commitment", "sha256", .hex(wire.body))
            return
        case .pub:
            try inspectPublicKeyset(wire.body, &r)
            return
        case .enc, .sealed, .keybox:
            break
        }
        guard let frame = wire.frame else { return }
        r.add("tink", "outputPrefix", .string("TINK (0x01)"))
        r.add("tink", "keyId", .string(hexID(frame.keyID)))
        if let kem = frame.kem {
            r.add("kem", "point", .hex(kem))
            do {
                _ = try P256Point(uncompressed: kem)
                r.add("kem", "valid", .bool(true))
            } catch {
                r.add("kem", "valid", .string("no: \(error.reason)"))
            }
        }
        r.add("aes-gcm", "iv", .hex(frame.iv))
        r.add("aes-gcm", "ciphertextLength", .number(Double(frame.ciphertext.count)))
        r.add("aes-gcm", "tag", .hex(frame.tag))
        try open(wire, keys, &r)
    }

    private static func inspectPublicKeyset(_ body: [UInt8], _ r: inout WireInspection) throws(CloserError) {
        let keyset = try TinkKeyset(serializedBytes: body)
        r.add("keyset", "primaryKeyId", .string(hexID(keyset.primaryKeyID)))
        r.add(
            "keyset", "keys",
            .array(
                keyset.keys.map {
                    .string(
                        "\(hexID($0.keyID)) \($0.status) \($0.outputPrefixType) \($0.keyData?.typeURL.split(separator: ".").last.map(String.init) ?? "no key data")"
                    )
                }))
        let pub = try HybridPublicKeyset(keyset)
        let point = pub.primary.key.point
        r.add("point", "x", .hex(point.x))
        r.add("point", "y", .hex(point.y))
        let javaStyle =
            pub.primary.key.serializedBytes
            == keyset.keys.first(where: { $0.keyID == keyset.primaryKeyID })?.keyData?.value
        r.add(
            "point", "writer",
            .string(
                javaStyle
                    ? "Java-style (33-byte coordinates, as Android writes)"
                    : "not Java-style (e.g. 32-byte C++/Python coordinates)"))
        _ = try PubV1.decode(CloserProfileV1.publicKeyPrefix + Base64.encode(body, .url))
        r.add("pub:v1", "valid", .bool(true))
    }

    private static func need(_ value: String?, _ option: String, _ kind: WireValueKind) throws(CloserError) -> String {
        guard let value else {
            throw CloserError(.inspectMissingInput, "opening a \(kind.prefix) value needs \(option)")
        }
        return value
    }

    private static func open(_ wire: WireString, _ k: InspectionKeys, _ r: inout WireInspection)
        throws(CloserError)
    {
        let kind = wire.kind
        switch kind {
        case .enc:
            guard let ks = k.keyset else { return }
            let plaintext = try EncV1.open(wire, coupleID: try need(k.coupleID, "--couple-id", kind), keyset: ks)
            r.add("plaintext", "text", .string(plaintext))
        case .sealed:
            guard let ks = k.keyset else { return }
            let binding = try SealedBinding(
                coupleID: try need(k.coupleID, "--couple-id", kind),
                questionID: try need(k.questionID, "--question-id", kind),
                userID: try need(k.userID, "--user-id", kind))
            if let c = k.commitment {
                let payload = try SealedV1.open(
                    wire, commitment: try Commitment(parsing: c), binding: binding, keyset: ks)
                r.add("plaintext", "payload", .string(String(decoding: try payload.canonicalBytes(), as: UTF8.self)))
                r.add("plaintext", "commitment", .string("matches"))
            } else {
                let bytes = try TinkAEAD.decrypt(ks, ciphertext: wire.body, aad: binding.aad)
                r.add("plaintext", "payload", .string(String(decoding: bytes, as: UTF8.self)))
                r.add("plaintext", "canonical", .bool(CanonicalJSON.isCanonical(bytes)))
                r.add("plaintext", "sha256", .string(Commitment(canonicalBytes: bytes).string))
            }
        case .keybox:
            guard let priv = k.privateKeyset else { return }
            let binding = try KeyboxBinding(
                coupleID: try need(k.coupleID, "--couple-id", kind),
                questionID: try need(k.questionID, "--question-id", kind),
                senderUserID: try need(k.senderUserID, "--sender-user-id", kind),
                recipientUserID: try need(k.recipientUserID, "--recipient-user-id", kind))
            let ks = try KeyboxV1.unwrap(wire, privateKeyset: priv, binding: binding)
            r.add("plaintext", "keyIds", .array(ks.entries.map { .string(hexID($0.keyID)) }))
            r.add("plaintext", "keys", .array(KeysetDescription.keyLines(ks, reveal: false).map { .string($0) }))
            r.add(
                "plaintext", "oneTimeKeyset",
                k.reveal ? .hex(ks.serializedBytes) : .string("hidden (the key bytes only with --reveal)"))
        case .commitment, .pub:
            return
        }
    }
}
