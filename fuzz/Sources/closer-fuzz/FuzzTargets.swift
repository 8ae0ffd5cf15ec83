// The properties each target checks. `require` traps with a message: libFuzzer reports it
// as a crash and keeps the input.

@testable import CloserWire
@testable import CoreWire
import Foundation

@testable import CloserHarness
@testable import CloserRules
import ProfileRegistry

func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("property failed: \(message())\n".utf8))
        fatalError(message())
    }
}

/// The error is one of `categories` (a named error of the expected kind).
func requireCategory(_ error: CloserError, _ categories: Set<CloserError.Category>, _ what: String) {
    require(categories.contains(error.category), "\(what): \(error.code) has category \(error.category)")
    require(!error.reason.unicodeScalars.contains { $0.value < 0x20 }, "\(what): control character in reason")
}

enum FuzzTargets {
    static func text(_ data: ArraySlice<UInt8>) -> String? {
        let s = String(decoding: data, as: UTF8.self)
        return Array(s.utf8) == Array(data) ? s : nil
    }

    // MARK: strict base64 and hex

    static func encoding(_ data: ArraySlice<UInt8>) {
        let s = String(decoding: data, as: UTF8.self)
        for profile in [Base64.Profile.standard, .url] {
            do throws(CloserError) {
                let bytes = try Base64.decode(s, profile)
                // Strict: a decoded text is the one encoding of its bytes.
                require(Base64.encode(bytes, profile) == s, "b64 round trip \(profile)")
            } catch { requireCategory(error, [.decodeError], "b64") }
            // The fast path agrees with its plain twin (specs/threat-model.md §"Unsafe code").
            let fast = Result { () throws(CloserError) in try Base64.decode(s, profile) }
            let plain = Result { () throws(CloserError) in try Base64.decodeNamingTheError(s, profile) }
            switch (fast, plain) {
            case (.success(let a), .success(let b)): require(a == b, "b64 fast and plain decode differ \(profile)")
            case (.failure(let a), .failure(let b)): require(a.code == b.code, "b64 fast and plain refuse differently")
            default: require(false, "b64 fast and plain disagree on acceptance \(profile)")
            }
            // And every byte string encodes to a text that decodes back.
            let encoded = Base64.encode(data, profile)
            require((try? Base64.decode(encoded, profile)) == Array(data), "b64 encode/decode \(profile)")
        }
        do throws(CloserError) {
            let bytes = try Hex.decode(s)
            require(Hex.encode(bytes) == s.lowercased(), "hex round trip")
        } catch { requireCategory(error, [.decodeError], "hex") }
    }

    // MARK: protobuf reader and Tink keysets

    static func protobuf(_ data: ArraySlice<UInt8>) {
        do throws(CloserError) {
            let ks = try TinkKeyset(serializedBytes: data)
            // The canonical writer's output reads back to the same keyset, and is a fixed point.
            let canonical = ks.serializedBytes
            let again = try TinkKeyset(serializedBytes: canonical)
            require(again == ks, "keyset re-read differs")
            require(again.serializedBytes == canonical, "canonical keyset is not a fixed point")
        } catch { requireCategory(error, [.decodeError, .invalidKey], "TinkKeyset") }
        let allowed: Set<CloserError.Category> = [.decodeError, .invalidKey, .unsupported]
        do throws(CloserError) {
            let aead = try AEADKeyset(serializedBytes: data)
            require(aead.serializedBytes == Array(data), "AEAD keyset bytes not kept verbatim")
        } catch { requireCategory(error, allowed, "AEADKeyset") }
        do throws(CloserError) { _ = try HybridPrivateKeyset(serializedBytes: data) } catch {
            requireCategory(error, allowed, "HybridPrivateKeyset")
        }
        // The written-layout reader may only read faster (tink-keyset.md §"Implementation
        // latitude"): the same key, or the general reader's error, every time.
        let general = Result { () throws(CloserError) in try HybridPublicKeyset(serializedBytes: data) }
        let reading = Result { () throws(CloserError) in try HybridPublicKeyset(readingPublic: Array(data)) }
        switch (general, reading) {
        case (.success(let a), .success(let b)):
            require(
                a == b && a.primary == b.primary && Array(a.entries) == Array(b.entries), "public keyset readers differ"
            )
        case (.failure(let a), .failure(let b)): require(a == b, "public keyset readers refuse differently")
        default: require(false, "public keyset readers disagree on validity")
        }
        if case .failure(let error) = general { requireCategory(error, allowed, "HybridPublicKeyset") }
        if let entry = WrittenPublicKeysetLayout.entry(Array(data)) {
            require((try? general.get())?.primary == entry, "layout reader accepted another key")
        }
    }

    // MARK: JSON parser and canonicalizer

    static func json(_ data: ArraySlice<UInt8>) {
        // The byte-to-byte fast path and the parser agree: the same bytes, or both refuse.
        let bytes = Array(data)
        let direct = Result { () throws(CloserError) in try CanonicalJSON.canonicalize(bytes) }
        let throughValue = Result { () throws(CloserError) in try CanonicalJSON.canonicalizeThroughValue(bytes) }
        switch (direct, throughValue) {
        case (.success(let a), .success(let b)): require(a == b, "fast canonicalization differs from the parser's")
        case (.failure(let a), .failure(let b)): require(a.code == b.code, "fast path and parser refuse differently")
        default: require(false, "fast path and parser disagree on whether the input is JSON")
        }
        do throws(CloserError) {
            let canonical = try CanonicalJSON.canonicalize(data)
            require(CanonicalJSON.isCanonical(canonical), "canonical output is not canonical")
            let again = try CanonicalJSON.canonicalize(canonical)
            require(again == canonical, "canonical JSON is not a fixed point")
            let serialized = try CanonicalJSON.serialize(try JSONValue(parsing: data))
            require(serialized == canonical, "serialize(parse) differs from canonicalize")
        } catch { requireCategory(error, [.decodeError], "JSON") }
    }

    // MARK: wire values: decoders and openers

    static let aeadKeyset = try! AEADKeyset(
        serializedBytes: Hex.decode(
            "08f8acd1910112640a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801100118f8acd191012001"
        ))
    static let hybrid = try! HybridPrivateKeyset.make(privateKey: [UInt8](repeating: 7, count: 32), keyID: 0x0102_0304)
    static let keyboxBinding = try! KeyboxBinding(
        coupleID: "c", questionID: "q", senderUserID: "a", recipientUserID: "b")
    static let sealedBinding = try! SealedBinding(coupleID: "c", questionID: "q", userID: "a")

    static func wire(_ data: ArraySlice<UInt8>) {
        guard let mode = data.first else { return }
        let rest = data.dropFirst()
        let opened: Set<CloserError.Category> = [
            .decodeError, .invalidKey, .authenticationFailure, .bindingMismatch, .commitmentMismatch,
            .invalidParameters, .unsupported,
        ]
        switch mode % 4 {
        case 0:
            // Text: every decoder and opener.
            let s = String(decoding: rest, as: UTF8.self)
            do throws(CloserError) {
                let w = try WireString(parsing: s)
                require(w.string == s, "a parsed wire string is not its own canonical text")
            } catch { requireCategory(error, [.decodeError], "WireString") }
            do throws(CloserError) { _ = try EncV1.open(s, coupleID: "c", keyset: aeadKeyset) } catch {
                requireCategory(error, opened, "enc.open")
            }
            do throws(CloserError) {
                _ = try KeyboxV1.unwrap(s, privateKeyset: hybrid, binding: keyboxBinding)
            } catch { requireCategory(error, opened, "keybox.unwrap") }
            do throws(CloserError) {
                let ks = try PubV1.decode(s)
                require(PubV1.encode(ks) == s || ks.serializedBytes != ks.keyset.serializedBytes, "pub:v1 round trip")
            } catch { requireCategory(error, opened, "pub.decode") }
            // The written-layout shortcut may only decode faster: the same keyset or error.
            switch (
                Result { () throws(CloserError) in try PubV1.decode(s) },
                Result { () throws(CloserError) in try PubV1.decodeInOrder(s) }
            ) {
            case (.success(let a), .success(let b)):
                require(
                    a == b && a.serializedBytes == b.serializedBytes && a.primary == b.primary, "pub:v1 readers differ")
            case (.failure(let a), .failure(let b)): require(a == b, "pub:v1 readers refuse differently")
            default: require(false, "pub:v1 readers disagree on validity")
            }
            do throws(CloserError) {
                let c = try Commitment(parsing: s)
                require(c.string == s, "commitment round trip")
            } catch { requireCategory(error, [.decodeError], "commitment") }
        case 1:
            // A partner's plaintext: any bytes, sealed as a keybox to us, must unwrap to a valid
            // keyset or a named error (the decrypted keyset parser, reached by a partner).
            do throws(CloserError) {
                let ct = try TinkHybrid.encryptWithTrace(
                    hybrid.publicKeyset, plaintext: Array(rest), contextInfo: try keyboxBinding.contextInfo(),
                    ephemeral: try P256Scalar([UInt8](repeating: 3, count: 32)), iv: [UInt8](repeating: 0, count: 12)
                ).ciphertext
                let value = "keybox:v1:" + Base64.encode(ct, .url)
                do throws(CloserError) {
                    let ks = try KeyboxV1.unwrap(value, privateKeyset: hybrid, binding: keyboxBinding)
                    require(ks.serializedBytes == Array(rest), "keybox plaintext not carried verbatim")
                } catch { requireCategory(error, [.decodeError, .invalidKey, .unsupported], "keybox plaintext") }
            } catch { requireCategory(error, opened, "hybrid.encrypt") }
        case 3:
            // A partner's sealed:v1 plaintext: any bytes, committed to and sealed; the reveal gives
            // a payload whose bytes are the plaintext and which equals the one the parser's value
            // gives (SealedPayload reads canonical bytes by position), or a named error.
            do throws(CloserError) {
                let plaintext = Array(rest)
                let ct = try TinkAEAD.encrypt(
                    aeadKeyset, plaintext: plaintext, aad: sealedBinding.aad, iv: [UInt8](repeating: 2, count: 12)
                )
                let value = "sealed:v1:" + Base64.encode(ct, .url)
                do throws(CloserError) {
                    let payload = try SealedV1.open(
                        value, commitment: Commitment(canonicalBytes: plaintext), binding: sealedBinding,
                        keyset: aeadKeyset)
                    let bytes = try payload.canonicalBytes()
                    require(bytes == plaintext, "sealed payload bytes changed")
                    let viaValue = try SealedPayload(JSONValue(parsing: plaintext))
                    require(
                        viaValue == payload && viaValue.coupleID == payload.coupleID
                            && viaValue.questionID == payload.questionID && viaValue.userID == payload.userID,
                        "sealed payload differs from the parser's")
                } catch { requireCategory(error, opened, "sealed.open") }
            } catch { requireCategory(error, opened, "aead.encrypt") }
        default:
            // A partner's enc:v1 plaintext: any bytes; valid UTF-8 opens to itself, else a named error.
            do throws(CloserError) {
                let aad = try BindingComponents.join([("coupleId", "c")])
                let ct = try TinkAEAD.encrypt(
                    aeadKeyset, plaintext: Array(rest), aad: aad, iv: [UInt8](repeating: 1, count: 12))
                let value = "enc:v1:" + Base64.encode(ct, .standard)
                do throws(CloserError) {
                    let text = try EncV1.open(value, coupleID: "c", keyset: aeadKeyset)
                    require(Array(text.utf8) == Array(rest), "enc:v1 plaintext changed")
                } catch { require(error.code == .encInvalidUTF8, "enc:v1 plaintext: \(error.code)") }
            } catch { requireCategory(error, opened, "aead.encrypt") }
        }
    }

    // MARK: kdfParams

    static func kdfParams(_ data: ArraySlice<UInt8>) {
        let s = String(decoding: data, as: UTF8.self)
        do throws(CloserError) {
            let p = try KDFParams(parsing: s)
            require(p.string == s, "kdfParams round trip")
            require(
                p.memoryKiB <= KDFParams.readerMaximumMemoryKiB && p.iterations <= KDFParams.readerMaximumIterations
                    && p.parallelism <= KDFParams.readerMaximumParallelism, "kdfParams above the reader bounds")
        } catch { requireCategory(error, [.invalidParameters], "kdfParams") }
    }

    // MARK: phrase normalization

    static func phrase(_ data: ArraySlice<UInt8>) {
        let s = String(decoding: data, as: UTF8.self)
        do throws(CloserError) {
            let p = try RecoveryPhrase(normalizing: s)
            let reread = try RecoveryPhrase(normalizing: p.string)
            require(reread == p, "canonical phrase re-reads differently")
            let fromEntropy = try RecoveryPhrase(entropy: p.entropy)
            require(fromEntropy.string == p.string, "entropy round trip")
            let text = try RecoveryPhrase.canonicalText(of: s)
            require(text == p.string, "canonicalText differs")
        } catch {
            requireCategory(error, [.decodeError], "phrase")
            // No input text in any reason: with its numbers removed, a reason is one of four
            // fixed sentences (recovery-phrase.md §Normalization).
            let shape = String(error.reason.unicodeScalars.filter { !("0"..."9").contains($0) }.map(Character.init))
            require(
                [
                    "word  is not in the wordlist", "a recovery phrase has  words; this one has ",
                    "the phrase is empty", "phrase input is  bytes; at most  accepted",
                ].contains(shape), "phrase reason carries input: \(error.code)")
        }
        if let text = try? RecoveryPhrase.canonicalText(of: s) {
            // NFKC can lengthen text (U+0385 is 3 scalars, U+FDFA 18), so the canonical text of
            // an input inside the 1024-byte bound may be outside it (recovery-phrase.md step 1).
            if text.utf8.count <= RecoveryPhrase.maximumInputLength {
                require((try? RecoveryPhrase.canonicalText(of: text)) == text, "canonicalText is not a fixed point")
            } else {
                require(
                    (try? RecoveryPhrase.canonicalText(of: text)) == nil, "canonical text over the bound was accepted")
            }
        }
    }

    // MARK: harness request decoder, every profile (no Argon2 ops: their cost is bounded, not fuzzable)

    /// Closer and every profile (the ops `serve --profile` answers), Argon2 ops left out.
    static let profiles = AppProfiles.all
    static let server = HarnessServer(
        profiles: profiles,
        excluding: Set(HarnessServer.ops(of: profiles).filter(\.spec.runsArgon2).map(\.name)))

    static func harness(_ data: ArraySlice<UInt8>) {
        let response = server.respond(toLine: data)
        require(!response.contains("\n"), "response spans lines")
        guard case .object(let o)? = try? JSONValue(parsing: Array(response.utf8)), case .bool(let ok)? = o["ok"]
        else {
            require(false, "response is not a JSON object with ok")
            return
        }
        if !ok {
            guard case .object(let e)? = o["error"], let code = e["code"]?.stringValue else {
                require(false, "failure without error.code")
                return
            }
            require(CloserError.Category(rawValue: code) != nil, "unknown category \(code)")
        }
    }

    // MARK: rules request decoder

    static func rules(_ data: ArraySlice<UInt8>) {
        guard case .object(let o)? = try? JSONValue(parsing: data) else { return }
        do throws(CloserError) {
            let request = try RulesRequest(
                auth: o["auth"], method: o["method"]?.stringValue ?? "get", path: o["path"]?.stringValue ?? "",
                data: o["data"], existing: o["existing"], world: o["world"])
            // The request's own JSON form reads back to the same request.
            guard case .object(let j) = request.json else { return require(false, "request.json is not an object") }
            let again = try RulesRequest(
                auth: j["auth"], method: j["method"]?.stringValue ?? "", path: j["path"]?.stringValue ?? "",
                data: j["data"], existing: j["existing"], world: j["world"])
            require(again.json == request.json, "rules request JSON round trip")
            let decision = CloserRuleSet.evaluate(request)
            require(decision.allow == decision.violations.isEmpty, "allow disagrees with violations")
        } catch { requireCategory(error, [.malformedRequest, .decodeError, .invalidParameters], "rules request") }
    }
}
