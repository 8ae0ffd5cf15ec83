// Tink's AesGcmKey proto and the AES-GCM primitive under it.
// Normative: specs/tink-aead.md. Proto: AesGcmKey (1 version, 3 key_value), specs/tink-keyset.md.

import Crypto
import Foundation

/// A Tink `AesGcmKey`: version 0 and a 16- or 32-byte key.
public struct TinkAESGCMKey: Hashable, Sendable {
    public static let typeURL = "type.googleapis.com/google.crypto.tink.AesGcmKey"

    /// The raw AES key (secret).
    package let keyValue: [UInt8]
    /// `keyValue` as swift-crypto's key, made once when the keyset is read, not per message.
    package let symmetricKey: SymmetricKey

    package init(keyValue: [UInt8]) throws(CloserError) {
        guard keyValue.count == 16 || keyValue.count == 32 else {
            throw CloserError(.keysetInvalidKeySize, "AES-GCM key is \(keyValue.count) bytes; Tink accepts 16 or 32")
        }
        self.keyValue = keyValue
        self.symmetricKey = SymmetricKey(data: keyValue)
    }

    /// Parses a serialized `AesGcmKey`.
    public init(serializedBytes bytes: some Collection<UInt8>) throws(CloserError) {
        var version: UInt32 = 0
        var key: ArraySlice<UInt8> = []
        let message = Array(bytes)[...]
        var reader = ProtoReader(message, message: "AesGcmKey")
        while let f = try reader.next() {
            switch f.number {
            case 1: if let v = f.uint32 { version = v }
            case 3: if let b = f.bytes(in: message) { key = b }
            default: continue
            }
        }
        guard version == 0 else {
            throw CloserError(.keysetInvalidKeyVersion, "AesGcmKey version is \(version); Tink accepts 0")
        }
        try self.init(keyValue: Array(key))
    }

    package var serializedBytes: [UInt8] {
        var w = ProtoWriter()
        w.bytesField(3, keyValue)
        return w.bytes
    }
}

extension CloserError.Code {
    public static let aesGCMInvalidIV = Self("aesgcm.invalid_iv", .invalidParameters)
    public static let aesGCMAuthenticationFailed = Self("aesgcm.authentication_failed", .authenticationFailure)
    public static let aesGCMTooShort = Self("aesgcm.too_short", .authenticationFailure)
}

/// Raw AES-GCM with a 12-byte IV and 16-byte tag: `IV || ciphertext || tag`.
/// The primitive under Tink AEAD, the hybrid DEM, and the couple-key wrap.
package enum AESGCM: Sendable {
    package static let ivLength = 12
    package static let tagLength = 16

    /// Encrypts; returns `IV || ct || tag`.
    package static func seal(
        key: [UInt8], iv: [UInt8], plaintext: some Collection<UInt8>, aad: some Collection<UInt8>
    ) throws(CloserError) -> [UInt8] {
        guard iv.count == ivLength else {
            throw CloserError(.aesGCMInvalidIV, "AES-GCM IV must be 12 bytes, got \(iv.count)")
        }
        guard key.count == 16 || key.count == 32 else {
            throw CloserError(.keysetInvalidKeySize, "AES-GCM key must be 16 or 32 bytes, got \(key.count)")
        }
        return Array(try sealCombined(key: SymmetricKey(data: key), iv: iv, plaintext: plaintext, aad: aad))
    }

    /// Encrypts with a key already checked to be 16 or 32 bytes; returns swift-crypto's
    /// `combined` (`IV || ct || tag`) as it made it, without copying it out.
    package static func sealCombined(
        key: SymmetricKey, iv: [UInt8], plaintext: some Collection<UInt8>, aad: some Collection<UInt8>
    ) throws(CloserError) -> Data {
        guard iv.count == ivLength else {
            throw CloserError(.aesGCMInvalidIV, "AES-GCM IV must be 12 bytes, got \(iv.count)")
        }
        do {
            let nonce = try AES.GCM.Nonce(data: iv)
            let box = try contiguous(plaintext) { p throws in
                try contiguous(aad) { a throws in try AES.GCM.seal(p, using: key, nonce: nonce, authenticating: a) }
            }
            // A 12-byte nonce always has a combined representation.
            return box.combined!
        } catch {
            throw CloserError(.aesGCMInvalidIV, "AES-GCM refused its parameters")
        }
    }

    /// `body` over the bytes of `c` without copying them when they are contiguous already.
    @inline(__always)
    static func contiguous<R>(_ c: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        if let r = try c.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) { return r }
        return try Array(c).withUnsafeBytes(body)
    }

    /// Decrypts `IV || ct || tag`.
    package static func open(
        key: [UInt8], sealed: some Collection<UInt8>, aad: some Collection<UInt8>
    ) throws(CloserError) -> [UInt8] {
        guard sealed.count >= ivLength + tagLength else {
            throw CloserError(.aesGCMTooShort, "AES-GCM input is \(sealed.count) bytes; at least 28 needed")
        }
        guard key.count == 16 || key.count == 32 else {
            throw CloserError(.keysetInvalidKeySize, "AES-GCM key must be 16 or 32 bytes, got \(key.count)")
        }
        return Array(try openData(key: SymmetricKey(data: key), sealed: sealed, aad: aad))
    }

    /// Decrypts `IV || ct || tag` with a checked key; the plaintext as swift-crypto returns it.
    package static func openData(
        key: SymmetricKey, sealed: some Collection<UInt8>, aad: some Collection<UInt8>
    ) throws(CloserError) -> Data {
        guard sealed.count >= ivLength + tagLength else {
            throw CloserError(.aesGCMTooShort, "AES-GCM input is \(sealed.count) bytes; at least 28 needed")
        }
        do {
            return try contiguous(sealed) { s throws in
                let box = try AES.GCM.SealedBox(combined: s)
                return try contiguous(aad) { a throws in try AES.GCM.open(box, using: key, authenticating: a) }
            }
        } catch {
            throw CloserError(.aesGCMAuthenticationFailed, "AES-GCM tag did not verify")
        }
    }
}
