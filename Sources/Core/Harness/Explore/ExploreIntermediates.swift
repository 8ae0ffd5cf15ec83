// The intermediates of a divergence file's test, where CloserSpec can compute them from the
// minimized input and its own answer: the binding bytes (`aad`, or `contextInfo` for keybox), the
// wire value's decoded `body`, the AEAD `plaintext` (UTF-8 of an enc text, the canonical payload,
// the wrapped keyset), a sealed payload's `canonical`, a JSON text's `jsonBytes`, and the injected
// `iv`. The names are those of the suites' tests (vectors.md §Test), so the layer diagnosis reads
// them as it reads a suite's. Normative: specs/explore.md §"Divergence files".

import CloserWire

package enum ExploreIntermediates {
    /// What CloserSpec computes for `input` of `op`, given its `reference` answer (empty when none).
    package static func of(_ op: String, _ input: [String: JSONValue], reference: JSONValue, in ref: ExploreReference)
        -> [String: JSONValue]
    {
        var out: [String: JSONValue] = [:]
        let kind: WireValueKind? =
            op.hasPrefix("enc.") ? .enc : op.hasPrefix("sealed.") ? .sealed : op.hasPrefix("keybox.") ? .keybox : nil
        let ok = reference["ok"] == .bool(true)
        if let kind {
            var request = input
            request["kind"] = .string(kind.rawValue)
            out[kind == .keybox ? "contextInfo" : "aad"] = ref.output(.bindingAAD, request, "aad")
        }
        if let kind, let value = (ok ? reference["value"] : nil) ?? input["value"], let text = value.stringValue,
            let wire = try? WireString(parsing: text, as: kind)
        {
            out["body"] = .hex(wire.body)
        }
        switch op {
        case HarnessOpSpec.encSeal.name: out["plaintext"] = input["text"]?.stringValue.map { .hex(Array($0.utf8)) }
        case HarnessOpSpec.encOpen.name where ok:
            out["plaintext"] = reference["text"]?.stringValue.map { .hex(Array($0.utf8)) }
        case HarnessOpSpec.sealedSeal.name:
            out["canonical"] = input["payload"].flatMap { ref.output(.canonicalize, ["json": $0], "canonical") }
        case HarnessOpSpec.sealedOpen.name where ok:
            out["canonical"] = reference["payload"].flatMap { ref.output(.canonicalize, ["json": $0], "canonical") }
        case HarnessOpSpec.keyboxWrap.name: out["plaintext"] = input["keyset"]
        case HarnessOpSpec.keyboxUnwrap.name where ok: out["plaintext"] = reference["keyset"]
        case "canonicalize", "commitment": out["jsonBytes"] = input["json"]?.stringValue.map { .hex(Array($0.utf8)) }
        default: break
        }
        if [
            HarnessOpSpec.encSeal.name, HarnessOpSpec.sealedSeal.name, HarnessOpSpec.keyboxWrap.name,
            HarnessOpSpec.aeadEncrypt.name, HarnessOpSpec.hybridEncrypt.name,
        ].contains(op) {
            out["iv"] = input["iv"]
        }
        return out
    }
}
