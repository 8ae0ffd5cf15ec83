// encodings, appended group: a 2-symbol final quantum with only its middle spare bits set. The
// earlier groups set the lowest or the highest of the 4 spare bits, so a decoder that checks only
// those two (mask 0b1001) passed them. Normative: specs/encodings.md (strict decoding: the
// unused bits are zero, b64.non_canonical_trailing_bits; D-WIRE-04).

import CloserHarness
import CloserVectorModel
import CloserWire

extension EncodingsSuite {
    /// Appended in 3.5.0: `Zg` (the byte 66) with spare bit 1 (`Zi`) or 2 (`Zk`) set, in b64 and b64url.
    static func middleSpareBitCases() -> [VectorCase] {
        var hostile: [VectorCase] = []
        for (profile, padding) in [("b64", "=="), ("b64url", "")] {
            for (symbol, bit) in [("i", 1), ("k", 2)] {
                bad(
                    &hostile, "\(profile) 1 byte (4 spare bits), spare bit \(bit) set: Z\(symbol)\(padding)",
                    [trailingBits], profile, "Z\(symbol)\(padding)", .b64NonCanonical)
            }
        }
        return hostile.map { $0.citing(VectorPin("D-WIRE-04", .refuse)) }
    }
}
