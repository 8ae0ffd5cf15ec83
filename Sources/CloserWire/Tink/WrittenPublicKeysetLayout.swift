// A one-key public hybrid keyset as Tink's writers lay it out, recognized byte by byte.
// Normative: specs/tink-keyset.md §"Implementation latitude: the written one-key layout".

/// Recognizes the one layout Tink's writers (Java, C++, Python, and this library) give a
/// one-key public ECIES keyset: every field once, in field-number order, no defaults
/// written except as below, no unknown fields, minimal varints:
///
/// ```
/// 08 primary  12 len Key{ 0a len KeyData{ 0a 3d <EciesAeadHkdfPublicKey type URL>
///     12 len EciesAeadHkdfPublicKey{ 12 len <written params>  1a len x  22 len y }  18 03 }
///   10 01  18 keyId  20 01 }                                   (keyId == primary)
/// ```
///
/// When the bytes have exactly this layout, the general reader would return one ENABLED TINK
/// key with these ids and this point, so that is returned without it. Anything else returns
/// nil, including a point that fails its check, and the caller reads the bytes with the
/// general reader, which decides every error: so this reader can only make a valid keyset
/// faster, never change what a keyset means or which error an invalid one gets.
enum WrittenPublicKeysetLayout {
    /// The only entry of `bytes` when they have the written layout and a valid point, else nil.
    static func entry(_ bytes: [UInt8]) -> TinkKeysetEntry<EciesP256PublicKey>? {
        bytes.withUnsafeBytes { raw -> TinkKeysetEntry<EciesP256PublicKey>? in
            var r = LayoutCursor(raw)
            guard r.take(0x08), let primary = r.varint32(), r.take(0x12), r.messageEnd() == raw.count,
                r.take(0x0a), let keyDataEnd = r.messageEnd(),
                r.take(0x0a), r.take(typeURL), r.take(0x12), let valueEnd = r.messageEnd(),
                r.take(0x12), let params = r.payload(), EciesP256Template.isWritten(params: params),
                r.take(0x1a), let x = r.payload(), r.take(0x22), let y = r.payload(), r.offset == valueEnd,
                r.take(0x18), r.take(0x03), r.offset == keyDataEnd,
                r.take(0x10), r.take(0x01), r.take(0x18), let keyID = r.varint32(), keyID == primary,
                r.take(0x20), r.take(0x01), r.offset == raw.count,
                let point = try? P256Point(x: x, y: y)
            else { return nil }
            return TinkKeysetEntry(keyID: keyID, outputPrefixType: .tink, key: EciesP256PublicKey(point: point))
        }
    }

    /// The type URL field after its tag: the length byte (61) and the URL.
    static let typeURL: [UInt8] =
        [UInt8(EciesP256PublicKey.typeURL.utf8.count)] + Array(EciesP256PublicKey.typeURL.utf8)
}

/// A forward-only reader over the bytes of one candidate layout: every step either matches
/// and advances or answers false/nil (then the whole layout is abandoned).
private struct LayoutCursor {
    let raw: UnsafeRawBufferPointer
    var offset = 0

    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    /// Consumes one expected byte.
    @_transparent mutating func take(_ byte: UInt8) -> Bool {
        guard offset < raw.count, raw[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// Consumes expected bytes.
    @_transparent mutating func take(_ bytes: [UInt8]) -> Bool {
        guard raw.count - offset >= bytes.count else { return false }
        let matched = bytes.withUnsafeBytes {
            bytesEqual(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + bytes.count]), $0)
        }
        if matched { offset += bytes.count }
        return matched
    }

    /// A minimally encoded varint of at most 32 bits (what writers produce for uint32 fields
    /// and lengths); nil for anything else.
    @_transparent mutating func varint32() -> UInt32? {
        if offset < raw.count, raw[offset] < 0x80 {
            offset += 1
            return UInt32(raw[offset - 1])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while shift <= 28 {
            guard offset < raw.count else { return nil }
            let b = raw[offset]
            offset += 1
            value |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 {
                // Minimal: a last byte of 0 is only written for the value 0 itself.
                guard b != 0 || shift == 0, value <= UInt64(UInt32.max) else { return nil }
                return UInt32(value)
            }
            shift += 7
        }
        return nil
    }

    /// Reads a length and returns where the message it prefixes ends (inside the bytes).
    @_transparent mutating func messageEnd() -> Int? {
        guard let length = varint32(), Int(length) <= raw.count - offset else { return nil }
        return offset + Int(length)
    }

    /// Reads a length-prefixed payload.
    @_transparent mutating func payload() -> UnsafeRawBufferPointer? {
        guard let end = messageEnd() else { return nil }
        defer { offset = end }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<end])
    }
}

extension PrimitiveKeyset where Key == EciesP256PublicKey {
    /// `init(serializedBytes:)` for public keysets, which reads a keyset in the written
    /// one-key layout without the general reader. Same result and same errors.
    package init(readingPublic bytes: [UInt8]) throws(CloserError) {
        if let entry = WrittenPublicKeysetLayout.entry(bytes) {
            self.init(only: entry, serializedBytes: bytes)
        } else {
            try self.init(serializedBytes: bytes)
        }
    }
}
