// Hand-built protobuf bytes for hostile and non-canonical Tink keysets (reordered, repeated and
// unknown fields, groups, wrong wire types, truncations). Normative: specs/tink-keyset.md,
// specs/tink-hybrid.md §"Key protos". Nothing here validates: suites build what they need.

import CloserVectorModel
import CloserWire

/// Protobuf wire-format pieces.
package enum PB {
    package static func varint(_ n: UInt64) -> [UInt8] {
        var n = n
        var out: [UInt8] = []
        while n >= 0x80 {
            out.append(UInt8(n & 0x7f) | 0x80)
            n >>= 7
        }
        return out + [UInt8(n)]
    }
    package static func tag(_ number: UInt64, _ wireType: UInt64) -> [UInt8] { varint(number << 3 | wireType) }
    /// A length-delimited field (always written, even empty).
    package static func ld(_ number: UInt64, _ body: [UInt8]) -> [UInt8] {
        tag(number, 2) + varint(UInt64(body.count)) + body
    }
    /// A varint field (always written, even 0).
    package static func vi(_ number: UInt64, _ value: UInt64) -> [UInt8] { tag(number, 0) + varint(value) }
    /// A varint field left out when 0 (Tink's writers).
    package static func viDefault(_ number: UInt64, _ value: UInt64) -> [UInt8] { value == 0 ? [] : vi(number, value) }
    /// A length-delimited field left out when empty (bytes and strings, not messages).
    package static func ldDefault(_ number: UInt64, _ body: [UInt8]) -> [UInt8] { body.isEmpty ? [] : ld(number, body) }
    package static func group(_ number: UInt64, _ body: [UInt8] = []) -> [UInt8] {
        tag(number, 3) + body + tag(number, 4)
    }
}

/// Tink's messages from parts, written as Tink writes them unless told otherwise.
package enum TinkProto {
    package static let aesGcmURL = Array(TinkAESGCMKey.typeURL.utf8)
    package static let eciesPrivateURL = Array(EciesP256PrivateKey.typeURL.utf8)
    package static let eciesPublicURL = Array(EciesP256PublicKey.typeURL.utf8)

    package static func aesGcmKey(_ key: [UInt8], version: UInt64 = 0) -> [UInt8] {
        PB.viDefault(1, version) + PB.ldDefault(3, key)
    }

    package static func keyData(_ url: [UInt8], _ value: [UInt8], material: UInt64) -> [UInt8] {
        PB.ldDefault(1, url) + PB.ldDefault(2, value) + PB.viDefault(3, material)
    }

    /// Keyset.Key: key_data (nil = absent), status, key_id, output_prefix_type.
    package static func key(_ keyData: [UInt8]?, status: UInt64 = 1, id: UInt32, prefix: UInt64 = 1) -> [UInt8] {
        (keyData.map { PB.ld(1, $0) } ?? []) + PB.viDefault(2, status) + PB.viDefault(3, UInt64(id))
            + PB.viDefault(4, prefix)
    }

    package static func keyset(primary: UInt32, _ keys: [[UInt8]]) -> [UInt8] {
        PB.viDefault(1, UInt64(primary)) + keys.flatMap { PB.ld(2, $0) }
    }

    /// One AES-GCM key entry (TINK, ENABLED unless told).
    package static func aesEntry(_ key: [UInt8], id: UInt32, status: UInt64 = 1, prefix: UInt64 = 1) -> [UInt8] {
        self.key(keyData(aesGcmURL, aesGcmKey(key), material: 1), status: status, id: id, prefix: prefix)
    }

    /// EciesAeadHkdfParams with each field settable (defaults: Tink's template).
    package static func eciesParams(
        curve: UInt64 = 2, hash: UInt64 = 3, salt: [UInt8] = [], demURL: [UInt8] = aesGcmURL, demKeySize: UInt64 = 16,
        demVersion: UInt64 = 0, demPrefix: UInt64 = 1, pointFormat: UInt64 = 1
    ) -> [UInt8] {
        let kem = PB.viDefault(1, curve) + PB.viDefault(2, hash) + PB.ldDefault(11, salt)
        let format = PB.viDefault(2, demKeySize) + PB.viDefault(3, demVersion)
        let template = PB.ldDefault(1, demURL) + PB.ldDefault(2, format) + PB.viDefault(3, demPrefix)
        return PB.ld(1, kem) + PB.ld(2, PB.ld(2, template)) + PB.viDefault(3, pointFormat)
    }

    /// EciesAeadHkdfPublicKey: params (nil = absent), x, y as given (any width).
    package static func eciesPublic(params: [UInt8]? = eciesParams(), x: [UInt8], y: [UInt8], version: UInt64 = 0)
        -> [UInt8]
    {
        PB.viDefault(1, version) + (params.map { PB.ld(2, $0) } ?? []) + PB.ldDefault(3, x) + PB.ldDefault(4, y)
    }

    /// EciesAeadHkdfPrivateKey: public key (nil = absent), d as given.
    package static func eciesPrivate(publicKey: [UInt8]?, d: [UInt8], version: UInt64 = 0) -> [UInt8] {
        PB.viDefault(1, version) + (publicKey.map { PB.ld(2, $0) } ?? []) + PB.ldDefault(3, d)
    }

    /// `bytes` of an unsigned integer widened to `width` with leading zeros (33 = Java style).
    package static func widen(_ fixed: [UInt8], to width: Int) -> [UInt8] {
        let stripped = Array(fixed.drop { $0 == 0 })
        return [UInt8](repeating: 0, count: max(0, width - stripped.count)) + stripped
    }
}
