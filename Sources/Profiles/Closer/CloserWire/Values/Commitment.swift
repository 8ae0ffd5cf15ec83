// `sha256:` commitments. Normative: specs/commitment.md.
// value = "sha256:" + b64url(SHA-256(JCS(payload))), 43 characters after the prefix.

import CoreWire
import Crypto

/// A `sha256:` commitment.
public struct Commitment: Hashable, Sendable {
    /// The 32-byte SHA-256 digest.
    public let digest: [UInt8]

    /// Parses a `sha256:` string strictly (prefix, b64url, canonical, 32 bytes).
    public init(parsing text: String) throws(CloserError) {
        digest = try WireString(parsing: text, as: .commitment).body
    }

    /// The commitment to exact canonical bytes.
    public init(canonicalBytes: some Collection<UInt8>) {
        digest = SHA256.hash(data: Array(canonicalBytes)).withUnsafeBytes { Array($0) }
    }

    /// The commitment to a JSON value (canonicalized with RFC 8785 first).
    public init(payload: JSONValue) throws(CloserError) {
        self.init(canonicalBytes: try CanonicalJSON.serialize(payload))
    }

    public var string: String { CloserProfileV1.commitmentPrefix + Base64.encode(digest, .url) }

    /// Constant-time comparison with bytes' commitment.
    public func matches(canonicalBytes: some Collection<UInt8>) -> Bool {
        // The digest compared where swift-crypto holds it (no array is made for it).
        SHA256.hash(data: Array(canonicalBytes)).withUnsafeBytes { constantTimeEqual(digest, $0) }
    }
}
