// P-256 points and scalars as Tink stores them. Normative: specs/tink-hybrid.md §"Points".
//
// Tink keeps coordinates and scalars as unsigned big-endian integers of ANY length
// (Java writes 33 bytes with a leading zero, C++/Python 32). Readers strip leading zeros;
// every point is validated (coordinates < p, on the curve, so never the identity).

import Crypto

extension CloserError.Code {
    public static let p256CoordinateOutOfRange = Self("p256.coordinate_out_of_range", .invalidKey)
    public static let p256NotOnCurve = Self("p256.not_on_curve", .invalidKey)
    public static let p256InvalidEncoding = Self("p256.invalid_point_encoding", .invalidKey)
    public static let p256ScalarOutOfRange = Self("p256.scalar_out_of_range", .invalidKey)
    public static let p256KeyMismatch = Self("p256.private_public_mismatch", .invalidKey)
}

/// A validated P-256 public point.
package struct P256Point: Hashable, Sendable {
    /// A 256-bit bound a coordinate or scalar must stay below, as four big-endian 64-bit words
    /// (most significant first): plain values, so a check reads no shared array.
    struct Bound: Sendable {
        let words: (UInt64, UInt64, UInt64, UInt64)
        /// How error messages name it.
        let name: String
    }
    /// The field prime p.
    static let prime = Bound(
        words: (0xffff_ffff_0000_0001, 0x0000_0000_0000_0000, 0x0000_0000_ffff_ffff, 0xffff_ffff_ffff_ffff),
        name: "field prime")
    /// The group order n.
    static let order = Bound(
        words: (0xffff_ffff_0000_0000, 0xffff_ffff_ffff_ffff, 0xbce6_faad_a717_9e84, 0xf3b9_cac2_fc63_2551),
        name: "group order")

    /// The validated key; the point is held only here (no second copy of its coordinates).
    let key: P256.KeyAgreement.PublicKey

    /// `04 || X || Y`: the SEC 1 uncompressed encoding, 65 bytes.
    package var uncompressed: [UInt8] { Array(key.x963Representation) }
    /// X coordinate, exactly 32 bytes.
    package var x: [UInt8] { Array(uncompressed[1..<33]) }
    /// Y coordinate, exactly 32 bytes.
    package var y: [UInt8] { Array(uncompressed[33..<65]) }

    /// A point whose key swift-crypto has already validated.
    init(validated key: P256.KeyAgreement.PublicKey) { self.key = key }

    /// A point from Tink coordinates of any length (leading zeros allowed).
    package init(x: some Collection<UInt8>, y: some Collection<UInt8>) throws(CloserError) {
        try self.init(x: ArraySlice(x), y: ArraySlice(y))
    }

    /// A point from Tink coordinates of any length (leading zeros allowed), read in place.
    package init(x: ArraySlice<UInt8>, y: ArraySlice<UInt8>) throws(CloserError) {
        let key = x.withUnsafeBytes { x in y.withUnsafeBytes { y in Self.validatedKey(x: x, y: y) } }
        self.key = try key.get()
    }

    /// A point from Tink coordinates of any length (leading zeros allowed) in raw buffers.
    init(x: UnsafeRawBufferPointer, y: UnsafeRawBufferPointer) throws(CloserError) {
        key = try Self.validatedKey(x: x, y: y).get()
    }

    /// A point from two coordinates of exactly 32 bytes, or nil when either is not below p or
    /// the point is not on the curve. Names no error: callers that need one read the point
    /// with `init(x:y:)`, whose checks give the same result on the same coordinates.
    init?(x32 x: UnsafeRawBufferPointer, y32 y: UnsafeRawBufferPointer) {
        guard x.count == 32, y.count == 32, Self.precedes(x, Self.prime), Self.precedes(y, Self.prime) else {
            return nil
        }
        let key = withUnsafeTemporaryAllocation(byteCount: 65, alignment: 8) { buffer in
            buffer[0] = 0x04
            UnsafeMutableRawBufferPointer(rebasing: buffer[1..<33]).copyMemory(from: x)
            UnsafeMutableRawBufferPointer(rebasing: buffer[33..<65]).copyMemory(from: y)
            return try? P256.KeyAgreement.PublicKey(x963Representation: UnsafeRawBufferPointer(buffer))
        }
        guard let key else { return nil }
        self.key = key
    }

    /// The checks every point read gets, in order: each coordinate below p (x first), then
    /// on the curve (swift-crypto). The 65-byte encoding is assembled on the stack.
    private static func validatedKey(
        x: UnsafeRawBufferPointer, y: UnsafeRawBufferPointer
    ) -> Result<P256.KeyAgreement.PublicKey, CloserError> {
        let xs: UnsafeRawBufferPointer
        let ys: UnsafeRawBufferPointer
        do throws(CloserError) {
            xs = try significant(x, below: prime, .p256CoordinateOutOfRange, "x coordinate")
            ys = try significant(y, below: prime, .p256CoordinateOutOfRange, "y coordinate")
        } catch { return .failure(error) }
        let key = withUnsafeTemporaryAllocation(byteCount: 65, alignment: 8) { buffer in
            buffer[0] = 0x04
            place(xs, in: UnsafeMutableRawBufferPointer(rebasing: buffer[1..<33]))
            place(ys, in: UnsafeMutableRawBufferPointer(rebasing: buffer[33..<65]))
            return try? P256.KeyAgreement.PublicKey(x963Representation: UnsafeRawBufferPointer(buffer))
        }
        guard let key else { return .failure(CloserError(.p256NotOnCurve, "point is not on P-256")) }
        return .success(key)
    }

    /// A point from its SEC 1 uncompressed encoding `04 || X(32) || Y(32)` (Tink's KEM
    /// format UNCOMPRESSED). Compressed and other encodings are refused.
    package init(uncompressed bytes: some Collection<UInt8>) throws(CloserError) {
        let b = Array(bytes)
        guard b.count == 65, b[0] == 0x04 else {
            throw CloserError(
                .p256InvalidEncoding,
                "expected a 65-byte uncompressed point starting 04, got \(b.count) bytes starting \(b.first.map { String($0, radix: 16) } ?? "nothing")"
            )
        }
        try self.init(x: b[1..<33], y: b[33...])
    }

    /// The significant bytes of a big-endian integer (leading zeros stripped), checked to be
    /// at most 32 bytes and below `bound` (a 32-byte bound whose first byte is not zero).
    static func significant(
        _ bytes: UnsafeRawBufferPointer, below bound: Bound, _ code: CloserError.Code, _ what: String
    ) throws(CloserError) -> UnsafeRawBufferPointer {
        var start = 0
        while start < bytes.count, bytes[start] == 0 { start += 1 }
        let stripped = UnsafeRawBufferPointer(rebasing: bytes[start...])
        guard stripped.count <= 32 else {
            throw CloserError(code, "\(what) has \(stripped.count) significant bytes; at most 32")
        }
        guard stripped.count < 32 || precedes(stripped, bound) else {
            throw CloserError(code, "\(what) is not below the P-256 \(bound.name)")
        }
        return stripped
    }

    /// Whether the 32-byte big-endian integer `a` is below `bound`, eight bytes at a time.
    static func precedes(_ a: UnsafeRawBufferPointer, _ bound: Bound) -> Bool {
        func word(_ k: Int) -> UInt64 { UInt64(bigEndian: a.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)) }
        let b = bound.words
        if word(0) != b.0 { return word(0) < b.0 }
        if word(1) != b.1 { return word(1) < b.1 }
        if word(2) != b.2 { return word(2) < b.2 }
        return word(3) < b.3
    }

    /// Writes the integer `value` (at most `field.count` bytes) right-aligned in `field`, zeros
    /// before it.
    private static func place(_ value: UnsafeRawBufferPointer, in field: UnsafeMutableRawBufferPointer) {
        let pad = field.count - value.count
        if pad > 0 {
            UnsafeMutableRawBufferPointer(rebasing: field[..<pad]).initializeMemory(as: UInt8.self, repeating: 0)
        }
        UnsafeMutableRawBufferPointer(rebasing: field[pad...]).copyMemory(from: value)
    }

    /// Strips leading zeros, checks `value < bound`, left-pads to 32 bytes.
    static func fixed32(
        _ bytes: some Collection<UInt8>, bound: Bound, _ code: CloserError.Code, _ what: String
    ) throws(CloserError) -> [UInt8] {
        let padded = Array(bytes).withUnsafeBytes { raw -> Result<[UInt8], CloserError> in
            do throws(CloserError) {
                let stripped = try significant(raw, below: bound, code, what)
                return .success([UInt8](repeating: 0, count: 32 - stripped.count) + stripped)
            } catch { return .failure(error) }
        }
        return try padded.get()
    }

    package static func == (a: Self, b: Self) -> Bool { a.key.x963Representation == b.key.x963Representation }
    package func hash(into h: inout Hasher) { h.combine(uncompressed) }

    /// Tink Java's writer: the unsigned integer with one leading zero byte (33 bytes).
    static func javaStyle(_ fixed: [UInt8]) -> [UInt8] { [0x00] + fixed }
}

/// A validated P-256 private scalar with its public point.
package struct P256Scalar: Hashable, Sendable {
    /// The scalar d, exactly 32 bytes, 0 < d < n.
    package let d: [UInt8]
    package let publicPoint: P256Point
    let key: P256.KeyAgreement.PrivateKey

    /// A scalar from any-length big-endian bytes.
    package init(_ bytes: some Collection<UInt8>) throws(CloserError) {
        let d32 = try P256Point.fixed32(bytes, bound: P256Point.order, .p256ScalarOutOfRange, "private scalar")
        guard d32.contains(where: { $0 != 0 }) else {
            throw CloserError(.p256ScalarOutOfRange, "private scalar is zero")
        }
        do {
            key = try P256.KeyAgreement.PrivateKey(rawRepresentation: d32)
            publicPoint = P256Point(validated: key.publicKey)
        } catch {
            throw CloserError(.p256ScalarOutOfRange, "private scalar was refused")
        }
        d = d32
    }

    /// The ECDH shared secret: the x-coordinate of d·P, always 32 bytes (leading zeros kept).
    package func sharedSecret(with point: P256Point) throws(CloserError) -> [UInt8] {
        do {
            let s = try key.sharedSecretFromKeyAgreement(with: point.key)
            return s.withUnsafeBytes { Array($0) }
        } catch {
            throw CloserError(.p256NotOnCurve, "ECDH refused the point")
        }
    }

    package static func == (a: Self, b: Self) -> Bool { constantTimeEqual(a.d, b.d) }
    package func hash(into h: inout Hasher) { h.combine(publicPoint) }

    /// A fresh random scalar (through the injectable source).
    package static func generate(random: some RandomSource) -> P256Scalar {
        while true {
            if let s = try? P256Scalar(random.bytes(32)) { return s }
        }
    }
}
