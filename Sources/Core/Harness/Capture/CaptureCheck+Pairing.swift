// Capture checks of pairing and documents: the couple-key wrap, the invite phrase, the
// createInviteCallable payload and a users/{uid} update (specs/capture.md §Sections). Findings
// name decision ids of specs/decisions/pairing.md, contracts.md and rules.md. No secret (phrase,
// code, key) reaches a detail.

import CloserRules
import CloserWire

extension CaptureCheck {
    static func checkCoupleKeyWrap(_ s: CaptureSection, backend: some Argon2idBackend, into r: inout CaptureReport)
        throws(CloserError)
    {
        let (keysetBytes, phrase) = (try s.hex("keyset"), try s.string("phrase"))
        let doc = WrappedCoupleKey(
            wrappedCoupleKey: try s.string("wrappedCoupleKey"), kdfSalt: try s.string("kdfSalt"),
            kdfParams: try s.string("kdfParams"))
        var structural = true
        if doc.kdfParams == CloserProfileV1.coupleKeyKDFParamsString {
            r.confirm(["D-PAIR-08"], s.name, "kdfParams is exactly \(CloserProfileV1.coupleKeyKDFParamsString)")
        } else {
            structural = false
            r.contradict(["D-PAIR-08"], s.name, "kdfParams is \"\(doc.kdfParams.prefix(80))\"")
        }
        if let p = try? KDFParams(parsing: doc.kdfParams) {
            let production = (p.memoryKiB, p.iterations, p.parallelism) == (46080, 3, 1)
            production
                ? r.confirm(["D-PAIR-02"], s.name, "m=46080 KiB, t=3, p=1")
                : r.contradict(["D-PAIR-02"], s.name, "m=\(p.memoryKiB), t=\(p.iterations), p=\(p.parallelism)")
        }
        if let salt = try? Base64.decode(doc.kdfSalt, .standard) {
            r.confirm(["D-PAIR-09"], s.name, "kdfSalt is strict b64")
            if salt.count == 16 {
                r.confirm(["D-PAIR-05"], s.name, "16-byte salt")
            } else {
                structural = false
                r.contradict(["D-PAIR-05"], s.name, "\(salt.count)-byte salt")
            }
        } else {
            structural = false
            r.contradict(["D-PAIR-09"], s.name, "kdfSalt is not strict b64")
        }
        checkText(
            doc.wrappedCoupleKey, prefix: "", .standard, alphabetID: "D-WIRE-02", formID: "D-WIRE-03", s.name, into: &r)
        if let sealed = try? Base64.decode(doc.wrappedCoupleKey, .standard), sealed.count != keysetBytes.count + 28 {
            structural = false
            r.contradict(
                ["D-PAIR-07"], s.name,
                "\(sealed.count) bytes for a \(keysetBytes.count)-byte keyset; IV ‖ ct ‖ tag is keyset + 28")
        }
        checkPhraseWords(phrase, s.name, into: &r)
        guard structural else { return }
        checkUnwrap(doc, phrase: phrase, keyset: keysetBytes, backend: backend, s.name, into: &r)
    }

    /// Ten words (D-PAIR-14) of wordlist v1 (D-PAIR-16); never names the word.
    static func checkPhraseWords(_ phrase: String, _ section: String, into r: inout CaptureReport) {
        do {
            _ = try RecoveryPhrase(normalizing: phrase)
            r.confirm(["D-PAIR-14", "D-PAIR-16"], section, "10 words, all in wordlist v1")
        } catch {
            switch error.code.rawValue {
            case "phrase.unknown_word":
                r.confirm(["D-PAIR-14"], section, "a word-separated phrase")
                r.contradict(["D-PAIR-16"], section, "a word is not in wordlist v1 (Android's list differs)")
            case "phrase.wrong_word_count": r.contradict(["D-PAIR-14"], section, "not 10 words")
            default: r.contradict(["D-PAIR-14"], section, "the phrase does not normalize: \(error.code.rawValue)")
            }
        }
    }

    static func checkUnwrap(
        _ doc: WrappedCoupleKey, phrase: String, keyset: [UInt8], backend: some Argon2idBackend, _ section: String,
        into r: inout CaptureReport
    ) {
        do {
            let opened = try CoupleKeyWrap.unwrap(doc, phraseText: phrase, backend: backend)
            guard opened.serializedBytes == keyset else {
                r.contradict(["D-PAIR-07"], section, "unwraps, but not to the captured keyset's bytes")
                return
            }
            r.confirm(
                ["D-PAIR-01", "D-PAIR-06", "D-PAIR-07", "D-PAIR-10"], section,
                "unwraps: Argon2id v0x13 of the canonical phrase, raw AES-256-GCM IV ‖ ct ‖ tag, AAD closer_couple_key")
        } catch {
            if error.code == .coupleKeyInvalidKeyset {
                r.contradict(["D-WIRE-07"], section, "unwraps to something that is not an AES-GCM keyset")
            } else {
                r.contradict(
                    ["D-PAIR-01", "D-PAIR-06", "D-PAIR-07", "D-PAIR-10"], section,
                    "does not unwrap (\(error.code.rawValue)): one of Argon2id's version, the AAD, the layout or the password text differs"
                )
            }
        }
    }

    static func checkInvite(_ s: CaptureSection, backend: some Argon2idBackend, into r: inout CaptureReport)
        throws(CloserError)
    {
        let (codeText, phrase, value) = (try s.string("code"), try s.string("phrase"), try s.string("value"))
        guard let code = try? InviteCode(codeText) else {
            r.contradict(["D-PAIR-18"], s.name, "the code does not match ^[a-zA-Z0-9]{6}$")
            return
        }
        r.confirm(["D-PAIR-18"], s.name, "a 6-character code")
        if !codeText.uppercased().allSatisfy({ CloserProfileV1.inviteCodeAlphabet.contains($0) }) {
            r.contradict(["D-PAIR-19"], s.name, "the code has a symbol outside the 31-symbol alphabet")
        }
        checkText(value, prefix: "", .standard, alphabetID: "D-WIRE-02", formID: "D-WIRE-03", s.name, into: &r)
        do {
            let text = try InvitePhraseCipher.decrypt(value, code: code, backend: backend)
            guard text == phrase else {
                r.contradict(["D-PAIR-21"], s.name, "decrypts, but not to the captured phrase")
                return
            }
            r.confirm(
                ["D-PAIR-02", "D-PAIR-20", "D-PAIR-21"], s.name,
                "decrypts: Argon2id m=46080 t=3 p=1 of the upper-case code, salt ‖ IV ‖ ct ‖ tag, AAD closer_invite_phrase"
            )
        } catch {
            r.contradict(
                ["D-PAIR-02", "D-PAIR-20", "D-PAIR-21"], s.name,
                "does not decrypt (\(error.code.rawValue)): one of the parameters, the code's case or the layout differs"
            )
        }
    }

    static func checkCreateInvite(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let request = try s.object("request")
        do {
            _ = try CallablePayload.validate(.createInvite, payload: request)
            r.confirm(["D-CONTRACTS-01"], s.name, "members code, wrappedCoupleKey, kdfSalt, kdfParams, recoveryPhrase")
        } catch {
            r.contradict(["D-CONTRACTS-01"], s.name, "the server check refuses it: \(error.error.code.rawValue)")
        }
        if case .object(let m) = request, let params = m["kdfParams"]?.stringValue,
            params != CloserProfileV1.coupleKeyKDFParamsString
        {
            r.contradict(["D-PAIR-08"], s.name, "kdfParams is \"\(params.prefix(80))\"")
        }
    }

    static func checkUsersUpdate(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        guard case .object(let fields) = try s.object("fields") else { return }
        let names = Set(fields.keys)
        if names.contains("coupleId") { r.contradict(["D-RULES-15"], s.name, "the client writes coupleId") }
        let outside = names.subtracting(UserDocAllowlist.update).subtracting(["coupleId"]).sorted()
        if !outside.isEmpty {
            r.contradict(["D-RULES-14"], s.name, "members outside the allowlist: \(outside.joined(separator: ", "))")
        } else if !names.isDisjoint(with: UserDocAllowlist.inferred) {
            r.confirm(["D-RULES-14", "D-CONTRACTS-14"], s.name, "every member is in the allowlist")
        }
        if !names.isDisjoint(with: UserDocAllowlist.stated) {
            r.confirm(["D-RULES-13"], s.name, "the quiet-hours members are written")
        }
    }
}
