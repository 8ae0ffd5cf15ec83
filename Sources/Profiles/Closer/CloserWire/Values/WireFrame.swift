// The Tink framing inside an `enc:v1:`, `sealed:v1:` or `keybox:v1:` body, split once at the
// named offsets when the string is parsed. Normative: specs/tink-aead.md §"Ciphertext",
// specs/tink-hybrid.md §"Ciphertext", specs/enc-v1.md §"Layout".
//
//   AEAD   body = 01 || key_id(4) || IV(12) || ct || tag(16)
//   hybrid body = 01 || key_id(4) || kem(65) || IV(12) || ct || tag(16)

import CoreWire

/// Lengths of the Tink framing.
public enum TinkFraming: Sendable {
    /// Output prefix: one prefix byte and a 4-byte big-endian key id.
    public static let outputPrefixLength = 5
    /// The TINK output prefix byte.
    public static let tinkPrefixByte: UInt8 = 0x01
    /// AES-GCM nonce.
    public static let ivLength = 12
    /// AES-GCM tag.
    public static let tagLength = 16
    /// The hybrid KEM: an uncompressed P-256 point, 04 || X || Y.
    public static let kemLength = 65
}

/// The named parts of a Tink ciphertext carried by a wire value.
public struct WireFrame: Hashable, Sendable {
    /// The Tink output prefix byte (0x01 for every value a reader accepts).
    public let prefixByte: UInt8
    /// The key id in the output prefix.
    public let keyID: UInt32
    /// The hybrid KEM point (keybox only).
    public let kem: [UInt8]?
    public let iv: [UInt8]
    /// Ciphertext without the tag.
    public let ciphertext: [UInt8]
    public let tag: [UInt8]

    /// Splits `body` (already checked to be at least `kind.minimumBodyLength` bytes).
    init(body: [UInt8], kind: WireValueKind) {
        var offset = TinkFraming.outputPrefixLength
        prefixByte = body[0]
        keyID = body[1..<offset].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if kind == .keybox {
            kem = Array(body[offset..<offset + TinkFraming.kemLength])
            offset += TinkFraming.kemLength
        } else {
            kem = nil
        }
        iv = Array(body[offset..<offset + TinkFraming.ivLength])
        offset += TinkFraming.ivLength
        ciphertext = Array(body[offset..<body.count - TinkFraming.tagLength])
        tag = Array(body[(body.count - TinkFraming.tagLength)...])
    }
}
