// Capture checks of the wire values: enc:v1:, sealed:v1: with its commitment, pub:v1:, keybox:v1:
// (specs/capture.md §Sections). Findings name decision ids of specs/decisions/wire.md.

import CloserWire

extension CaptureCheck {
    /// A prefixed b64/b64url value: the alphabet (`alphabetID`) and the strict form (`formID`).
    static func checkText(
        _ value: String, prefix: String, _ profile: Base64.Profile, alphabetID: String, formID: String,
        _ section: String, into r: inout CaptureReport
    ) {
        guard value.hasPrefix(prefix) else {
            r.contradict([formID], section, "the value does not start with \(prefix)")
            return
        }
        do {
            _ = try Base64.decode(value.dropFirst(prefix.count), profile)
            r.confirm(
                Array(Set([alphabetID, formID])).sorted(), section, "strict \(profile == .url ? "b64url" : "b64")")
        } catch {
            let id = error.code == .b64WrongAlphabet ? alphabetID : formID
            r.contradict([id], section, "not strict \(profile == .url ? "b64url" : "b64"): \(error.code.rawValue)")
        }
    }

    /// One ENABLED AES-256-GCM key with prefix TINK (D-WIRE-07 for couple keysets, D-WIRE-16 for
    /// one-time keysets). Returns the keyset when it is a valid AEAD keyset.
    static func checkOneKeyKeyset(_ bytes: [UInt8], id: String, _ section: String, into r: inout CaptureReport)
        -> AEADKeyset?
    {
        guard let keyset = try? AEADKeyset(serializedBytes: bytes), let raw = try? TinkKeyset(serializedBytes: bytes)
        else {
            r.contradict([id], section, "the keyset is not a valid Tink AEAD keyset")
            return nil
        }
        let keys = raw.keys
        if keys.count == 1, keys[0].outputPrefixType == .tink, keyset.primary.key.keyValue.count == 32 {
            r.confirm([id], section, "one ENABLED AES-256-GCM key, prefix TINK")
        } else {
            r.contradict(
                [id], section,
                "\(keys.count) key(s), primary prefix \(keyset.primary.outputPrefixType), \(keyset.primary.key.keyValue.count * 8)-bit key"
            )
        }
        return keyset
    }

    static func checkEncV1(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let (bytes, coupleID, plaintext, value) = (
            try s.hex("keyset"), try s.string("coupleId"), try s.string("plaintext"), try s.string("value")
        )
        checkText(value, prefix: "enc:v1:", .standard, alphabetID: "D-WIRE-02", formID: "D-WIRE-03", s.name, into: &r)
        guard let keyset = checkOneKeyKeyset(bytes, id: "D-WIRE-07", s.name, into: &r) else { return }
        do {
            let text = try EncV1.open(value, coupleID: coupleID, keyset: keyset)
            guard text == plaintext else {
                r.contradict(["D-WIRE-05"], s.name, "opens, but not to the captured plaintext")
                return
            }
            r.confirm(["D-WIRE-05", "D-WIRE-06", "D-WIRE-08"], s.name, "opens with AAD = UTF-8 of coupleId")
        } catch {
            switch error.code.rawValue {
            case "wire.wrong_tink_prefix": r.contradict(["D-WIRE-08"], s.name, "the body's first byte is not 0x01")
            case let c where c.hasPrefix("b64.") || c.hasPrefix("wire."): break  // reported by checkText
            default:
                r.contradict(
                    ["D-WIRE-05"], s.name, "does not open with AAD = UTF-8 of coupleId (\(error.code.rawValue))")
            }
        }
    }

    static func checkSealed(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let bytes = try s.hex("oneTimeKeyset")
        let (value, commitmentText) = (try s.string("value"), try s.string("commitment"))
        let binding: SealedBinding
        do {
            binding = try SealedBinding(
                coupleID: try s.string("coupleId"), questionID: try s.string("questionId"),
                userID: try s.string("userId"))
        } catch  where error.code == .captureMissingMember {
            throw error
        } catch {
            r.contradict(["D-WIRE-09"], s.name, "a binding component is empty or contains '|'")
            return
        }
        checkText(value, prefix: "sealed:v1:", .url, alphabetID: "D-WIRE-01", formID: "D-WIRE-01", s.name, into: &r)
        checkText(
            commitmentText, prefix: "sha256:", .url, alphabetID: "D-WIRE-01", formID: "D-WIRE-01", s.name, into: &r)
        guard let keyset = checkOneKeyKeyset(bytes, id: "D-WIRE-16", s.name, into: &r) else { return }
        guard let commitment = try? Commitment(parsing: commitmentText) else {
            r.contradict(["D-WIRE-19"], s.name, "the commitment is not sha256: + 43 b64url characters of 32 bytes")
            return
        }
        do {
            _ = try SealedV1.open(value, commitment: commitment, binding: binding, keyset: keyset)
            r.confirm(
                ["D-JSON-01", "D-WIRE-11", "D-WIRE-12", "D-WIRE-14", "D-WIRE-15", "D-WIRE-19"], s.name,
                "opens with AAD coupleId|questionId|userId; the plaintext is canonical, hashes to the commitment, and carries the ids and a 16-byte nonce"
            )
        } catch {
            let (ids, why) = sealedFailure(error)
            if !ids.isEmpty { r.contradict(ids, s.name, why) }
        }
    }

    /// The decisions a reveal failure contradicts.
    static func sealedFailure(_ error: CloserError) -> ([String], String) {
        let code = error.code.rawValue
        switch code {
        case "aead.decryption_failed": return (["D-WIRE-14"], "does not open with AAD = coupleId|questionId|userId")
        case "sealed.non_canonical_payload":
            return (["D-JSON-01", "D-WIRE-15"], "the plaintext is not RFC 8785 canonical JSON (one of these is wrong)")
        case "sealed.commitment_mismatch": return (["D-WIRE-19"], "the commitment is not SHA-256 of the plaintext")
        case "sealed.payload_invalid_nonce": return (["D-WIRE-12"], "nonce is not b64url of 16 bytes")
        case "sealed.payload_missing_member" where error.reason.contains("nonce"):
            return (["D-WIRE-12"], "the payload has no nonce (the legacy form D-WIRE-13 makes acceptable)")
        case "sealed.payload_missing_member", "sealed.payload_not_object", "sealed.binding_mismatch":
            return (["D-WIRE-11"], "the payload's members: \(code)")
        case "wire.wrong_tink_prefix": return (["D-WIRE-16"], "the body's first byte is not 0x01")
        case let c where c.hasPrefix("b64.") || c.hasPrefix("wire."): return ([], "")  // reported by checkText
        default: return (["D-WIRE-14"], "does not open: \(code)")
        }
    }

    static func checkPub(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let value = try s.string("value")
        checkText(value, prefix: "pub:v1:", .url, alphabetID: "D-WIRE-01", formID: "D-WIRE-01", s.name, into: &r)
        do {
            _ = try PubV1.decode(value)
            r.confirm(["D-WIRE-20", "D-WIRE-22"], s.name, "a public ECIES P-256 keyset, primary prefix TINK")
        } catch {
            let code = error.code.rawValue
            if code == "pub.wrong_output_prefix" {
                r.contradict(["D-WIRE-22"], s.name, "the primary's output prefix is not TINK")
            } else if !code.hasPrefix("b64.") && !code.hasPrefix("wire.") {
                r.contradict(["D-WIRE-20"], s.name, "not a public ECIES keyset: \(code)")
            }
        }
    }

    static func checkKeybox(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let (privateBytes, oneTime, value) = (
            try s.hex("recipientPrivateKeyset"), try s.hex("oneTimeKeyset"), try s.string("value")
        )
        guard let privateKeyset = try? HybridPrivateKeyset(serializedBytes: privateBytes) else {
            throw CloserError(.captureMissingMember, "keybox.recipientPrivateKeyset is not a private ECIES keyset")
        }
        let binding: KeyboxBinding
        do {
            binding = try KeyboxBinding(
                coupleID: try s.string("coupleId"), questionID: try s.string("questionId"),
                senderUserID: try s.string("senderUserId"), recipientUserID: try s.string("recipientUserId"))
        } catch  where error.code == .captureMissingMember {
            throw error
        } catch {
            r.contradict(["D-WIRE-09"], s.name, "a binding component is empty or contains '|'")
            return
        }
        checkText(value, prefix: "keybox:v1:", .url, alphabetID: "D-WIRE-01", formID: "D-WIRE-01", s.name, into: &r)
        do {
            let keyset = try KeyboxV1.unwrap(value, privateKeyset: privateKeyset, binding: binding)
            guard keyset.serializedBytes == oneTime else {
                r.contradict(["D-WIRE-24"], s.name, "opens, but not to the captured one-time keyset's bytes")
                return
            }
            r.confirm(
                ["D-WIRE-23", "D-WIRE-24", "D-WIRE-25"], s.name,
                "opens with contextInfo coupleId|questionId|sender|recipient to the one-time keyset's bytes")
        } catch {
            let code = error.code.rawValue
            if code == "hybrid.decryption_failed" {
                r.contradict(
                    ["D-WIRE-23"], s.name, "does not open with contextInfo coupleId|questionId|sender|recipient")
            } else if !code.hasPrefix("b64.") && !code.hasPrefix("wire.") {
                r.contradict(["D-WIRE-24"], s.name, "opens, but the plaintext is not an AEAD keyset: \(code)")
            }
        }
    }
}
