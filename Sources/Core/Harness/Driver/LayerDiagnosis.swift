// Names the first layer whose bytes disagree when a port fails a test. The driver replays the
// test's layers through the lower ops the port has (encoding → Tink framing → AEAD/hybrid →
// bindings) and compares with the vector's intermediates; where the port lacks an op, it takes
// the port's output apart with the vector's own keys. Normative: specs/vectors.md §"Layers",
// specs/harness.md §"Driver".

import CloserVectorModel
import CloserWire

/// A named layer and why.
package struct Diagnosis: Sendable {
    package let layer: VectorLayer?
    package let reason: String

    init(_ layer: VectorLayer?, _ reason: String) {
        self.layer = layer
        self.reason = reason
    }
}

package struct LayerDiagnosis {
    let port: any PortConnection
    /// The ops the port lists.
    let ops: Set<String>
    /// The profiles whose ops and error areas the vectors use.
    let profiles: [AppProfile]
    /// Every op's declaration (the op table).
    let specs: [String: HarnessOpSpec]

    package init(port: any PortConnection, ops: Set<String>, profiles: [AppProfile]) {
        self.port = port
        self.ops = ops
        self.profiles = profiles
        self.specs = Dictionary(
            HarnessServer.ops(of: profiles).map { ($0.name, $0.spec) }, uniquingKeysWith: { first, _ in first })
    }

    package func diagnose(_ test: LoadedTest, _ outcome: TestOutcome) -> Diagnosis {
        guard let i = outcome.failedStep, outcome.portFailure == nil, let response = outcome.response else {
            return Diagnosis(nil, outcome.message)
        }
        let step = test.steps[i]
        let ok = response["ok"] == .bool(true)
        if let error = step.expected["error"], test.checkedResult != .acceptable {
            let layer = error["layer"]?.stringValue.flatMap(VectorLayer.init(rawValue:))
            let flagText = test.flags.joined(separator: ", ")
            if ok {
                return Diagnosis(layer, "accepted an input that must be refused [\(flagText)]: \(test.comment)")
            }
            // A reading op refused at decryption where a later check was due: decryption should
            // have worked, so replay it as a refused valid input.
            if [HarnessOpSpec.encOpen.name, HarnessOpSpec.sealedOpen.name, HarnessOpSpec.keyboxUnwrap.name].contains(
                step.op),
                response["error"]?["code"]?.stringValue == "authentication_failure",
                error["code"]?.stringValue != "authentication_failure"
            {
                let replay = refusal(test, step, response)
                if replay.layer == .binding || replay.layer == .encoding || replay.layer == .tinkFraming {
                    return replay
                }
            }
            // The port stopped at another check: name the layer its own refusal points at.
            let refusedAt =
                response["error"]?["detail"]?.stringValue.flatMap(profiles.layer(ofDetail:))
                ?? Self.layer(category: response["error"]?["code"]?.stringValue ?? "", op: specs[step.op])
            return Diagnosis(
                refusedAt ?? layer,
                "refused with \(Self.errorText(response)) where \(error["code"]?.stringValue ?? "?") (\(error["detail"]?.stringValue ?? "?")) at \(layer?.rawValue ?? "?") is expected: the port checks another layer first or misses this one"
            )
        }
        if !ok { return refusal(test, step, response) }
        return output(test, step, response)
    }

    static func errorText(_ response: JSONValue) -> String {
        let code = response["error"]?["code"]?.stringValue ?? "?"
        return response["error"]?["detail"]?.stringValue.map { "\(code) (\($0))" } ?? code
    }

    // MARK: - Lower ops of the port

    /// Calls a lower op when the port has it; nil when it lacks it or refuses.
    func call(_ spec: HarnessOpSpec, _ fields: [String: JSONValue]) -> JSONValue? {
        guard ops.contains(spec.name) else { return nil }
        var request = fields
        request["op"] = .string(spec.name)
        request["id"] = .string("diagnosis:\(spec.name)")
        guard let r = try? port.send(request), r["ok"] == .bool(true) else { return nil }
        return r
    }

    func hexOf(_ v: JSONValue?) -> [UInt8]? { v?.stringValue.flatMap { try? Hex.decode($0) } }

    // MARK: - Refusals of valid input

    func refusal(_ test: LoadedTest, _ step: LoadedStep, _ response: JSONValue) -> Diagnosis {
        let detail = response["error"]?["detail"]?.stringValue
        let what = "refused a valid \(step.op) input with \(Self.errorText(response))"
        // Reading ops of AEAD values: replay encoding → Tink AEAD → AES-GCM through lower ops.
        if [HarnessOpSpec.encOpen.name, HarnessOpSpec.sealedOpen.name, HarnessOpSpec.keyboxUnwrap.name].contains(
            step.op), let value = step.input["value"]?.stringValue
        {
            let kind: WireValueKind =
                step.op == HarnessOpSpec.encOpen.name
                ? .enc : step.op == HarnessOpSpec.sealedOpen.name ? .sealed : .keybox
            let expectedBody =
                test.intermediates["body"].flatMap(hexOf) ?? (try? WireString(parsing: value, as: kind).body)
            if let decoded = call(
                .encodingDecode,
                [
                    "profile": .string(kind.encoding == .standard ? "b64" : "b64url"),
                    "text": .string(String(value.dropFirst(kind.prefix.count))),
                ])
            {
                if let body = expectedBody, hexOf(decoded["bytes"]) != body {
                    return Diagnosis(.encoding, "\(what); its encoding.decode reads other bytes than the body")
                }
            } else if ops.contains(HarnessOpSpec.encodingDecode.name) {
                return Diagnosis(.encoding, "\(what); its encoding.decode refuses the body text")
            }
            let bindingWant =
                test.intermediates[kind == .keybox ? "contextInfo" : "aad"]
                ?? expectedBinding(kind, step.input).map(JSONValue.hex)
            if let bindingWant, let r = call(.bindingAAD, bindingRequest(kind, step.input)), r["aad"] != bindingWant {
                return Diagnosis(
                    .binding,
                    "\(what); its binding.aad gives \"\(Self.printable(hexOf(r["aad"]) ?? []))\", the vector's is \"\(Self.printable(hexOf(bindingWant) ?? []))\""
                )
            }
            if kind == .keybox, let priv = step.input["privateKeyset"], let body = expectedBody.map(JSONValue.hex),
                let context = bindingWant, ops.contains(HarnessOpSpec.hybridDecrypt.name)
            {
                if call(.hybridDecrypt, ["privateKeyset": priv, "ciphertext": body, "contextInfo": context]) != nil {
                    return Diagnosis(
                        .binding, "\(what); its hybrid.decrypt opens the body with the vector's context info")
                }
                return Diagnosis(.dem, "\(what); its hybrid.decrypt refuses the vector's body and context info too")
            }
            if kind != .keybox, let keyset = step.input["keyset"], let body = expectedBody.map(JSONValue.hex),
                let aad = bindingWant
            {
                if ops.contains(HarnessOpSpec.aeadDecrypt.name) {
                    if call(.aeadDecrypt, ["keyset": keyset, "ciphertext": body, "aad": aad]) != nil {
                        return Diagnosis(.binding, "\(what); its aead.decrypt opens the body with the vector's AAD")
                    }
                    if let key = primaryKey(keyset), let frame = (try? WireString(parsing: value, as: kind))?.frame,
                        case let iv = JSONValue.hex(frame.iv),
                        case let ct = JSONValue.hex(frame.ciphertext + frame.tag),
                        call(.aesGCMOpen, ["key": .hex(key), "iv": iv, "ciphertext": ct, "aad": aad]) != nil
                    {
                        return Diagnosis(
                            .tinkFraming, "\(what); its AES-GCM opens the ciphertext but its Tink AEAD does not")
                    }
                    if ops.contains(HarnessOpSpec.aesGCMOpen.name) {
                        return Diagnosis(.aead, "\(what); its AES-GCM does not open the vector's ciphertext")
                    }
                }
            }
        }
        if let detail, let layer = profiles.layer(ofDetail: detail) {
            return Diagnosis(layer, what)
        }
        let category = response["error"]?["code"]?.stringValue ?? ""
        return Diagnosis(Self.layer(category: category, op: specs[step.op]) ?? specs[step.op]?.layer, what)
    }

    /// The layer a refusal's category points at in an op (from its declaration), for ports
    /// that send no `detail`.
    static func layer(category: String, op spec: HarnessOpSpec?) -> VectorLayer? {
        switch category {
        case "decode_error": return spec?.decodeLayer
        case "invalid_key", "unsupported":
            // A key refused by an app contract or a rule is that op's layer, not the keyset's
            // (specs/harness.md §Driver 5: else the test's layer).
            switch spec?.layer {
            case .phrase?, .contract?, .rules?: return spec?.layer
            default: return .keyset
            }
        case "authentication_failure": return spec?.layer == .dem ? .dem : .aead
        case "binding_mismatch": return .payload
        case "commitment_mismatch": return .commitment
        case "malformed_request": return .request
        default: return nil
        }
    }

    // MARK: - Outputs that differ

    func differing(_ step: LoadedStep, _ response: JSONValue) -> [String] {
        guard case .object(let members) = step.expected else { return [] }
        return members.keys.sorted().filter { response[$0] != members[$0] }
    }

    func output(_ test: LoadedTest, _ step: LoadedStep, _ response: JSONValue) -> Diagnosis {
        let members = differing(step, response)
        let what =
            "\(step.op): \(members.map { "\"\($0)\"" }.joined(separator: ", ")) differ\(members.count == 1 ? "s" : "")"
        func member(_ name: String) -> (port: String, want: String)? {
            guard let p = response[name]?.stringValue, let w = step.expected[name]?.stringValue else { return nil }
            return (p, w)
        }
        switch step.op {
        case HarnessOpSpec.encSeal.name, HarnessOpSpec.sealedSeal.name:
            let kind: WireValueKind = step.op == HarnessOpSpec.encSeal.name ? .enc : .sealed
            if members.contains("value"), let m = member("value") {
                return aeadValue(test, step, kind: kind, port: m.port, want: m.want, what: what)
            }
            if members.contains("commitment") {
                return commitmentOnly(test, step, what: what)
            }
        case HarnessOpSpec.aeadEncrypt.name:
            if let m = member("ciphertext"), let p = try? Hex.decode(m.port), let w = try? Hex.decode(m.want) {
                return aeadBody(test, step, port: p, want: w, kind: nil, what: what)
            }
        case HarnessOpSpec.keyboxWrap.name:
            if let m = member("value") { return hybridValue(test, step, port: m.port, want: m.want, what: what) }
        case HarnessOpSpec.hybridEncrypt.name:
            if let m = member("ciphertext"), let p = try? Hex.decode(m.port), let w = try? Hex.decode(m.want) {
                return hybridBody(test, step, port: p, want: w, what: what)
            }
        case HarnessOpSpec.canonicalize.name, HarnessOpSpec.commitment.name:
            if members.contains("canonical"), let m = member("canonical") {
                let parses = (try? Hex.decode(m.port)).flatMap { try? JSONValue(parsing: $0) } != nil
                return Diagnosis(
                    parses ? .canonicalization : .json,
                    parses
                        ? "\(what): the canonical bytes differ (member order, string escapes or number form)"
                        : "\(what): the port's canonical output is not JSON")
            }
            if let m = member("value") { return commitmentText(port: m.port, want: m.want, what: what) }
        case HarnessOpSpec.aeadKeyset.name, HarnessOpSpec.hybridKeyset.name, HarnessOpSpec.pubDecode.name,
            HarnessOpSpec.pubEncode.name:
            return keysetBytes(step, response, members: members, what: what)
        default:
            break
        }
        return Diagnosis(specs[step.op]?.layer, what)
    }

    // MARK: AEAD values

    /// The primary key's bytes of a keyset given in hex.
    func primaryKey(_ keyset: JSONValue) -> [UInt8]? {
        guard let bytes = hexOf(keyset), let ks = try? AEADKeyset(serializedBytes: bytes) else { return nil }
        return ks.primary.key.keyValue
    }

    /// Decodes a port's value text; nil with a reason when the encoding layer is wrong.
    func decodeValue(_ text: String, kind: WireValueKind, want: String) -> ([UInt8]?, Diagnosis?) {
        guard text.hasPrefix(kind.prefix) else {
            return (nil, Diagnosis(.encoding, "the value does not start with \(kind.prefix)"))
        }
        let b64 = String(text.dropFirst(kind.prefix.count))
        do { return (try Base64.decode(b64, kind.encoding), nil) } catch {
            var hint = error.reason
            func reads(_ t: String) -> Bool { (try? Base64.decode(t, kind.encoding)) != nil }
            typealias E = EncodingVariants
            if kind.encoding == .standard {
                if reads(E.padded(b64)) {
                    hint = "the body is written without padding; \(kind.prefix) is padded b64"
                } else if reads(E.standardAlphabet(b64)) {
                    hint = "the body is written with the url-safe alphabet; \(kind.prefix) is standard b64 (+/)"
                } else if reads(E.padded(E.standardAlphabet(b64))) {
                    hint = "the body is written as unpadded b64url; \(kind.prefix) is standard padded b64"
                }
            } else {
                if reads(E.unpadded(b64)) {
                    hint = "the body is written with padding; \(kind.prefix) is unpadded b64url"
                } else if reads(E.urlAlphabet(b64)) {
                    hint = "the body is written with the standard alphabet; \(kind.prefix) is b64url (-_)"
                } else if reads(E.unpadded(E.urlAlphabet(b64))) {
                    hint = "the body is written as standard padded b64; \(kind.prefix) is unpadded b64url"
                }
            }
            return (nil, Diagnosis(.encoding, "\(kind.prefix) body: \(hint)"))
        }
    }

    func aeadValue(
        _ test: LoadedTest, _ step: LoadedStep, kind: WireValueKind, port: String, want: String, what: String
    )
        -> Diagnosis
    {
        let (portBody, bad) = decodeValue(port, kind: kind, want: want)
        if let bad { return Diagnosis(bad.layer, "\(what): \(bad.reason)") }
        guard let portBody, let wantBody = try? WireString(parsing: want, as: kind).body else {
            return Diagnosis(.encoding, what)
        }
        if portBody == wantBody { return Diagnosis(.encoding, "\(what): same bytes, other text") }
        return aeadBody(test, step, port: portBody, want: wantBody, kind: kind, what: what)
    }

    func aeadBody(
        _ test: LoadedTest, _ step: LoadedStep, port: [UInt8], want: [UInt8], kind: WireValueKind?, what: String
    )
        -> Diagnosis
    {
        let p = TinkFraming.outputPrefixLength
        if let framing = framing(step, port: port, want: want, what: what) { return framing }
        let iv = Array(want[p..<p + TinkFraming.ivLength])
        guard port.count >= p + TinkFraming.ivLength else { return Diagnosis(.aead, "\(what): the body is too short") }
        if Array(port[p..<p + TinkFraming.ivLength]) != iv {
            if port.suffix(TinkFraming.ivLength).elementsEqual(iv) {
                return Diagnosis(.aead, "\(what): the IV is written after the ciphertext, not after the Tink prefix")
            }
            return Diagnosis(.aead, "\(what): the IV is not the injected one")
        }
        let aadWant =
            hexOf(test.intermediates["aad"]) ?? hexOf(step.input["aad"]) ?? kind.flatMap {
                expectedBinding($0, step.input)
            } ?? []
        // Binding: the port's own composition of the AAD.
        if let kind, kind != .commitment, let r = call(.bindingAAD, bindingRequest(kind, step.input)),
            let got = hexOf(r["aad"]), got != aadWant
        {
            return Diagnosis(
                .binding,
                "\(what): the AAD is \"\(Self.printable(got))\", the vector's is \"\(Self.printable(aadWant))\"")
        }
        guard let keyset = step.input["keyset"], let key = primaryKey(keyset) else { return Diagnosis(.aead, what) }
        let plaintext = hexOf(test.intermediates["plaintext"]) ?? hexOf(test.intermediates["canonical"])
        if let plaintext, let want = test.intermediates["ciphertextWithTag"],
            let r = call(
                .aesGCMSeal, ["key": .hex(key), "iv": .hex(iv), "plaintext": .hex(plaintext), "aad": .hex(aadWant)])
        {
            if r["ciphertext"] != want { return Diagnosis(.aead, "\(what): the port's AES-GCM gives other bytes") }
            if kind != nil {
                return Diagnosis(.binding, "\(what): its AES-GCM agrees, so the AAD its value op composes differs")
            }
        }
        // Take the port's ciphertext apart with the vector's key.
        let sealed = Array(port[p...])
        if let opened = try? AESGCM.open(key: key, sealed: sealed, aad: aadWant) {
            if let plaintext, opened != plaintext {
                return Diagnosis(
                    kind == .sealed ? .canonicalization : .encoding,
                    "\(what): the encrypted plaintext differs (\(kind == .sealed ? "payload bytes are not the canonical JSON" : "text bytes"))"
                )
            }
            return Diagnosis(.aead, what)
        }
        for (aad, description) in bindingVariants(kind, step.input)
        where (try? AESGCM.open(key: key, sealed: sealed, aad: aad)) != nil {
            return Diagnosis(.binding, "\(what): the AAD is \(description)")
        }
        return Diagnosis(.aead, "\(what): the ciphertext does not open under the vector's key and AAD")
    }

    /// Output prefix and key id; nil when they agree.
    func framing(_ step: LoadedStep, port: [UInt8], want: [UInt8], what: String) -> Diagnosis? {
        let p = TinkFraming.outputPrefixLength
        guard port.count >= p, port[0..<p] == want[0..<p] else {
            if port.count >= TinkFraming.ivLength, want.count >= p + TinkFraming.ivLength,
                port[0..<TinkFraming.ivLength] == want[p..<p + TinkFraming.ivLength]
            {
                return Diagnosis(.tinkFraming, "\(what): the 5-byte Tink output prefix is missing")
            }
            guard port.count >= p else {
                return Diagnosis(.tinkFraming, "\(what): the body is shorter than a Tink prefix")
            }
            if port[0] != want[0] {
                return Diagnosis(
                    .tinkFraming,
                    "\(what): the prefix byte is 0x\(String(port[0], radix: 16)), not 0x\(String(want[0], radix: 16))")
            }
            let id = port[1..<p].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if Array(port[1..<p].reversed()) == Array(want[1..<p]) {
                return Diagnosis(.tinkFraming, "\(what): the key id is written little-endian")
            }
            if let ks = (hexOf(step.input["keyset"]) ?? hexOf(step.input["publicKeyset"])).flatMap({
                try? TinkKeyset(serializedBytes: $0)
            }),
                ks.keys.contains(where: { $0.keyID == id })
            {
                return Diagnosis(
                    .keyset, "\(what): it encrypts with key \(hexID(id)), not the primary \(hexID(ks.primaryKeyID))")
            }
            return Diagnosis(.tinkFraming, "\(what): the Tink output prefix differs")
        }
        return nil
    }

    func bindingRequest(_ kind: WireValueKind, _ input: [String: JSONValue]) -> [String: JSONValue] {
        var r: [String: JSONValue] = ["kind": .string(kind.rawValue)]
        for name in ["coupleId", "questionId", "userId", "senderUserId", "recipientUserId"] {
            if let v = input[name] { r[name] = v }
        }
        if kind == .sealed, r["questionId"] == nil, let payload = input["payload"]?.stringValue,
            let json = try? JSONValue(parsing: payload)
        {
            for name in ["coupleId", "questionId", "userId"] { r[name] = json[name] }
        }
        return r
    }

    /// The AAD (enc, sealed) or context info (keybox) the spec composes from the request's ids.
    func expectedBinding(_ kind: WireValueKind, _ input: [String: JSONValue]) -> [UInt8]? {
        let parts = ids(kind, input)
        let names =
            kind == .keybox
            ? ["coupleId", "questionId", "senderUserId", "recipientUserId"]
            : kind == .sealed ? ["coupleId", "questionId", "userId"] : ["coupleId"]
        guard parts.count == names.count else { return nil }
        return try? BindingComponents.join(Array(zip(names, parts)).map { (name: $0.0, value: $0.1) })
    }

    /// The ids of a binding, in order.
    func ids(_ kind: WireValueKind?, _ input: [String: JSONValue]) -> [String] {
        guard let kind else { return [] }
        let req = bindingRequest(kind, input)
        let names =
            kind == .keybox
            ? ["coupleId", "questionId", "senderUserId", "recipientUserId"]
            : kind == .sealed ? ["coupleId", "questionId", "userId"] : ["coupleId"]
        return names.compactMap { req[$0]?.stringValue }
    }

    /// AADs a port may have composed instead: other orders, separators, a missing id.
    func bindingVariants(_ kind: WireValueKind?, _ input: [String: JSONValue]) -> [([UInt8], String)] {
        let parts = ids(kind, input)
        guard parts.count > 1 else { return [] }
        var out: [([UInt8], String)] = []
        for sep in ["/", ":", "", "||", ",", " "] {
            out.append((Array(parts.joined(separator: sep).utf8), "joined with \"\(sep)\" instead of \"|\""))
        }
        for i in 0..<parts.count {
            for j in (i + 1)..<parts.count {
                var swapped = parts
                swapped.swapAt(i, j)
                out.append(
                    (
                        Array(swapped.joined(separator: "|").utf8),
                        "in another order (components \(i + 1) and \(j + 1) swapped)"
                    ))
            }
            var missing = parts
            missing.remove(at: i)
            out.append((Array(missing.joined(separator: "|").utf8), "missing component \(i + 1)"))
        }
        out.append((Array(parts.reversed().joined(separator: "|").utf8), "in reverse order"))
        return out
    }

    /// Bytes a port answered, for a message: the output policy (specs/threat-model.md §"Output").
    static func printable(_ bytes: [UInt8]) -> String {
        UntrustedText.escape(bytes: bytes)
    }

    // MARK: Hybrid values

    func hybridValue(_ test: LoadedTest, _ step: LoadedStep, port: String, want: String, what: String) -> Diagnosis {
        let (portBody, bad) = decodeValue(port, kind: .keybox, want: want)
        if let bad { return Diagnosis(bad.layer, "\(what): \(bad.reason)") }
        guard let portBody, let wantBody = try? WireString(parsing: want, as: .keybox).body else {
            return Diagnosis(.encoding, what)
        }
        if portBody == wantBody { return Diagnosis(.encoding, "\(what): same bytes, other text") }
        return hybridBody(test, step, port: portBody, want: wantBody, what: what)
    }

    func hybridBody(_ test: LoadedTest, _ step: LoadedStep, port: [UInt8], want: [UInt8], what: String) -> Diagnosis {
        if let framing = framing(step, port: port, want: want, what: what) { return framing }
        let p = TinkFraming.outputPrefixLength
        let kemEnd = p + TinkFraming.kemLength
        let kemWant = Array(want[p..<kemEnd])
        if port.count > p, port[p] == 0x02 || port[p] == 0x03 {
            return Diagnosis(
                .kem,
                "\(what): the KEM point is written compressed (0x0\(port[p])); the format is uncompressed 04 || X || Y")
        }
        guard port.count >= kemEnd, Array(port[p..<kemEnd]) == kemWant else {
            return Diagnosis(.kem, "\(what): the KEM point differs from the injected ephemeral key's")
        }
        let ivWant = Array(want[kemEnd..<kemEnd + TinkFraming.ivLength])
        guard port.count >= kemEnd + TinkFraming.ivLength + TinkFraming.tagLength,
            Array(port[kemEnd..<kemEnd + TinkFraming.ivLength]) == ivWant
        else { return Diagnosis(.dem, "\(what): the DEM IV is not the injected one") }
        let context =
            hexOf(test.intermediates["contextInfo"]) ?? hexOf(step.input["contextInfo"]) ?? expectedBinding(
                .keybox, step.input)
            ?? []
        let shared = hexOf(test.intermediates["sharedSecret"])
        let demKey = hexOf(test.intermediates["demKey"])
        // ECDH and HKDF through the port's own lower ops.
        if let eph = step.input["ephemeralPrivateKey"], let shared, let point = recipientPoint(step),
            let r = call(.p256ECDH, ["privateKey": eph, "publicPoint": .hex(point)]),
            hexOf(r["sharedSecret"]) != shared
        {
            return Diagnosis(
                .kem,
                "\(what): the port's ECDH shared secret differs (it must be the 32-byte x-coordinate, leading zeros kept)"
            )
        }
        if let shared, let demKey,
            let r = call(
                .hkdfSHA256,
                ["ikm": .hex(kemWant + shared), "salt": .hex([]), "info": .hex(context), "length": .number(16)]),
            hexOf(r["okm"]) != demKey
        {
            return Diagnosis(.kdf, "\(what): the port's HKDF gives another DEM key (HKDF salt / info / input)")
        }
        if step.op == HarnessOpSpec.keyboxWrap.name, let r = call(.bindingAAD, bindingRequest(.keybox, step.input)),
            let got = hexOf(r["aad"]), got != context
        {
            return Diagnosis(
                .binding,
                "\(what): the context info is \"\(Self.printable(got))\", the vector's is \"\(Self.printable(context))\""
            )
        }
        let dem = Array(port[kemEnd...])
        guard let demKey, let shared else { return Diagnosis(.dem, what) }
        if let opened = try? AESGCM.open(key: demKey, sealed: dem, aad: []) {
            let plaintext = hexOf(test.intermediates["plaintext"]) ?? hexOf(step.input["plaintext"])
            return Diagnosis(
                step.op == HarnessOpSpec.keyboxWrap.name ? .protobuf : .dem,
                opened == plaintext
                    ? what
                    : "\(what): the encrypted plaintext differs (\(step.op == HarnessOpSpec.keyboxWrap.name ? "the one-time keyset bytes" : "plaintext"))"
            )
        }
        if (try? AESGCM.open(key: demKey, sealed: dem, aad: context)) != nil {
            return Diagnosis(.dem, "\(what): the DEM authenticates the context info as AAD; Tink's DEM AAD is empty")
        }
        let kdfVariants: [([UInt8]?, String)] = [
            (
                try? HKDFSHA256.derive(ikm: kemWant + shared, salt: context, info: [UInt8](), length: 16),
                "HKDF salt and info are swapped"
            ),
            (
                try? HKDFSHA256.derive(ikm: kemWant + shared, salt: context, info: context, length: 16),
                "the context info is used as salt too"
            ),
            (
                try? HKDFSHA256.derive(ikm: shared, salt: [UInt8](), info: context, length: 16),
                "the HKDF input lacks the KEM point"
            ),
            (
                try? HKDFSHA256.derive(ikm: shared + kemWant, salt: [UInt8](), info: context, length: 16),
                "the HKDF input is shared || kem, not kem || shared"
            ),
            (
                try? HKDFSHA256.derive(
                    ikm: kemWant + Array(shared.drop { $0 == 0 }), salt: [UInt8](), info: context, length: 16),
                "the shared secret's leading zero bytes are stripped"
            ),
        ]
        for (key, description) in kdfVariants {
            if let key, (try? AESGCM.open(key: key, sealed: dem, aad: [])) != nil {
                return Diagnosis(description.contains("shared secret") ? .kem : .kdf, "\(what): \(description)")
            }
        }
        if let key32 = try? HKDFSHA256.derive(ikm: kemWant + shared, salt: [UInt8](), info: context, length: 32),
            (try? AESGCM.open(key: key32, sealed: dem, aad: [])) != nil
        {
            return Diagnosis(.kdf, "\(what): the DEM key is 32 bytes (AES-256-GCM); the template's DEM is AES-128-GCM")
        }
        if step.op == HarnessOpSpec.keyboxWrap.name {
            for (ctx, description) in bindingVariants(.keybox, step.input) {
                if let key = try? HKDFSHA256.derive(ikm: kemWant + shared, salt: [UInt8](), info: ctx, length: 16),
                    (try? AESGCM.open(key: key, sealed: dem, aad: [])) != nil
                {
                    return Diagnosis(.binding, "\(what): the context info is \(description)")
                }
            }
        }
        return Diagnosis(.dem, "\(what): the DEM ciphertext does not open under the vector's DEM key")
    }

    /// The recipient's public point of a hybrid or keybox test.
    func recipientPoint(_ step: LoadedStep) -> [UInt8]? {
        if let bytes = hexOf(step.input["publicKeyset"]), let ks = try? HybridPublicKeyset(serializedBytes: bytes) {
            return ks.primary.key.point.uncompressed
        }
        if let pub = step.input["recipient"]?.stringValue, let ks = try? PubV1.decode(pub) {
            return ks.primary.key.point.uncompressed
        }
        return nil
    }

    // MARK: Commitments and keysets

    func commitmentOnly(_ test: LoadedTest, _ step: LoadedStep, what: String) -> Diagnosis {
        if let canonical = test.intermediates["canonical"], let payload = step.input["payload"],
            let r = call(.canonicalize, ["json": payload]), r["canonical"] != canonical
        {
            return Diagnosis(.canonicalization, "\(what): the port canonicalizes the payload differently")
        }
        return Diagnosis(.commitment, "\(what): the commitment differs")
    }

    func commitmentText(port: String, want: String, what: String) -> Diagnosis {
        guard port.hasPrefix(CloserProfileV1.commitmentPrefix) else {
            return Diagnosis(.encoding, "\(what): the commitment does not start with sha256:")
        }
        let (portDigest, bad) = decodeValue(port, kind: .commitment, want: want)
        if let bad { return Diagnosis(bad.layer, "\(what): \(bad.reason)") }
        if let portDigest, let wantDigest = try? WireString(parsing: want, as: .commitment).body,
            portDigest == wantDigest
        {
            return Diagnosis(.encoding, "\(what): same digest, other text")
        }
        return Diagnosis(.commitment, "\(what): the digest differs")
    }

    func keysetBytes(_ step: LoadedStep, _ response: JSONValue, members: [String], what: String) -> Diagnosis {
        for name in members {
            var bytes = hexOf(response[name])
            if name == "value", let text = response[name]?.stringValue {
                let (body, bad) = decodeValue(text, kind: .pub, want: step.expected[name]?.stringValue ?? "")
                if let bad { return Diagnosis(bad.layer, "\(what): \(bad.reason)") }
                if let body,
                    let want = step.expected[name]?.stringValue.flatMap({ try? WireString(parsing: $0, as: .pub).body }
                    ),
                    body == want
                {
                    return Diagnosis(.encoding, "\(what): same keyset bytes, other text")
                }
                bytes = body
            }
            guard let got = bytes else { continue }
            guard let keyset = try? TinkKeyset(serializedBytes: got) else {
                return Diagnosis(.protobuf, "\(what): \"\(name)\" is not a protobuf keyset")
            }
            for key in keyset.keys {
                guard let value = key.keyData?.value else { continue }
                if let pub = try? EciesP256PublicKey(serializedBytes: value), pub.serializedBytes != value {
                    return Diagnosis(
                        .kem,
                        "\(what): \"\(name)\" writes EC coordinates with another width (Tink Java writes 33 bytes)")
                }
                if let priv = try? EciesP256PrivateKey(serializedBytes: value), priv.serializedBytes != value {
                    return Diagnosis(
                        .kem, "\(what): \"\(name)\" writes EC integers with another width (Tink Java writes 33 bytes)")
                }
            }
            return Diagnosis(.keyset, "\(what): \"\(name)\" is another keyset")
        }
        if members.contains("x") || members.contains("y") {
            return Diagnosis(.kem, "\(what): the point's coordinates differ")
        }
        if members.contains("value") { return Diagnosis(.encoding, "\(what): the pub:v1 text differs") }
        return Diagnosis(.keyset, what)
    }
}
