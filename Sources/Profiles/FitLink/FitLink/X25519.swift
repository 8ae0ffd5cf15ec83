// X25519 (RFC 7748) with the checks FitLink's chat needs: 32-byte keys, and the all-zero
// shared secret of a low-order peer point refused. Normative: specs/profiles/fitlink/chat.md §"X25519".

import CoreWire
import Crypto

extension CloserError.Code {
    public static let x25519InvalidKeyLength = Self("x25519.invalid_key_length", .invalidKey)
    public static let x25519LowOrderPoint = Self("x25519.low_order_point", .invalidKey)
}

/// X25519 over raw 32-byte keys.
package enum X25519: Sendable {
    package static let keyLength = 32

    /// The public key of a raw private key (clamped as RFC 7748 says).
    package static func publicKey(privateKey: [UInt8]) throws(CloserError) -> [UInt8] {
        Array(try key(privateKey).publicKey.rawRepresentation)
    }

    /// The shared secret. Refuses a peer point whose result is all zero (a low-order point):
    /// CryptoKit and swift-crypto return it silently, RFC 7748 §6.1 allows the check.
    package static func sharedSecret(privateKey: [UInt8], peerPublicKey: [UInt8]) throws(CloserError) -> [UInt8] {
        let priv = try key(privateKey)
        guard peerPublicKey.count == keyLength,
            let peer = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: peerPublicKey)
        else {
            throw CloserError(.x25519InvalidKeyLength, "X25519 public key is \(peerPublicKey.count) bytes; 32 needed")
        }
        guard let secret = try? priv.sharedSecretFromKeyAgreement(with: peer) else {
            throw CloserError(.x25519LowOrderPoint, "X25519 refused the peer public key")
        }
        let bytes = secret.withUnsafeBytes { Array($0) }
        guard bytes.contains(where: { $0 != 0 }) else {
            throw CloserError(
                .x25519LowOrderPoint, "X25519 shared secret is all zero: the peer key is a low-order point")
        }
        return bytes
    }

    static func key(_ raw: [UInt8]) throws(CloserError) -> Curve25519.KeyAgreement.PrivateKey {
        guard raw.count == keyLength, let k = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: raw) else {
            throw CloserError(.x25519InvalidKeyLength, "X25519 private key is \(raw.count) bytes; 32 needed")
        }
        return k
    }
}
