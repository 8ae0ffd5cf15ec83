// canonical_json, appended group: member order inside nested objects, between a name with a
// character in U+E000…U+FFFF and one with a character beyond U+FFFF at the same place, where the
// UTF-16 order (RFC 8785 §3.2.3) and the UTF-8 byte order disagree. The earlier groups have such
// names only at the top level, so a port sorting nested objects by UTF-8 bytes passed them.
// Normative: specs/canonical-json.md (D-JSON-01).

import CloserVectorModel
import CloserWire

extension CanonicalJSONSuite {
    /// Appended in 3.5.0: U+FF61 (UTF-16 FF61, UTF-8 EF BD A1) sorts after U+1F600 (UTF-16 D83D DE00,
    /// UTF-8 F0 9F 98 80), in an object inside an object and inside an array.
    static func nestedOrderCases() -> [VectorCase] {
        var nested: [VectorCase] = []
        let (halfwidth, emoji) = ("\u{FF61}", "\u{1F600}")
        ok(
            &nested, "object in an object: \"\u{FF61}\" after \"\u{1F600}\" (UTF-16 order, not UTF-8)",
            "{\"x\":{\"\(halfwidth)\":1,\"\(emoji)\":2}}", "{\"x\":{\"\(emoji)\":2,\"\(halfwidth)\":1}}",
            [memberOrder])
        ok(
            &nested, "object in an array: \"\u{FF61}\" after \"\u{1F600}\" (UTF-16 order, not UTF-8)",
            "[{\"\(halfwidth)\":1,\"\(emoji)\":2}]", "[{\"\(emoji)\":2,\"\(halfwidth)\":1}]", [memberOrder])
        return nested.map { $0.citing(VectorPin("D-JSON-01", .accept)) }
    }
}
