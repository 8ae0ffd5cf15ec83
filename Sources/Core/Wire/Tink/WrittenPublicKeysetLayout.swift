// A one-key public hybrid keyset in the exact bytes Tink's writers produce, recognized by
// comparison. Normative: specs/tink-keyset.md §"Implementation latitude: the written one-key
// layout".

/// Recognizes the bytes the canonical writer (and Tink Java, C++ and Python) produces for a
/// one-key public ECIES keyset: key id `id` (not 0) as primary and as the key's id, ENABLED,
/// output prefix TINK, key data of type `EciesAeadHkdfPublicKey` marked ASYMMETRIC_PUBLIC
/// holding the template's params (DEM key template prefix TINK) and 33-byte (Java) or 32-byte
/// (C++, Python) coordinates:
///
/// ```
/// 08 <id>  <head>  x  22 <len>  y  18 03 10 01 18  <id>  20 01
/// ```
///
/// `head` (everything from the Key's tag to the x coordinate's length) depends only on how
/// many bytes the id's varint takes and on the coordinate length, so it is cut once from the
/// canonical writer's output (`frames`). Bytes that match one frame and carry a valid point are
/// what the general reader reads as one ENABLED TINK key with this id and point, so that key
/// is returned without it. Anything else returns nil — another layout, a point that fails its
/// check — and the caller reads the bytes with the general reader, which decides every error:
/// this reader can only make a valid keyset faster, never change what a keyset means or which
/// error an invalid one gets.
package enum WrittenPublicKeysetLayout {
    /// The fixed bytes around the id and the coordinates, for one id length and one
    /// coordinate length.
    struct Frame {
        let coordinateLength: Int
        /// From the Key's tag (`12`) to the x coordinate's length byte, inclusive. Built once
        /// and never freed (read without reference counting).
        let head: UnsafeRawBufferPointer
        /// The whole keyset's length.
        let count: Int
    }

    /// The ten frames, built once and never freed; immutable after that.
    struct Frames: @unchecked Sendable {
        let base: UnsafePointer<Frame>
        subscript(position: Int) -> Frame { base[position] }
    }

    /// Frames for ids of 1 to 5 varint bytes, in that order, each id length's 33-byte frame
    /// before its 32-byte one (`entry` finds a frame by this position).
    static let frames: Frames = {
        let built: [Frame] = (1...5).flatMap { idLength in
            [33, 32].map { coordinateLength in
                // The smallest id of this varint length; coordinates are placeholders.
                let id = UInt32(1) << UInt32(7 * (idLength - 1))
                let bytes = canonical(
                    id: id, x: [UInt8](repeating: 0, count: coordinateLength),
                    y: [UInt8](repeating: 0, count: coordinateLength))
                let xStart = bytes.count - trailerLength(idLength) - 2 * coordinateLength - 2
                let head = UnsafeMutableRawBufferPointer.allocate(byteCount: xStart - 1 - idLength, alignment: 8)
                head.copyBytes(from: bytes[(1 + idLength)..<xStart])
                return Frame(
                    coordinateLength: coordinateLength, head: UnsafeRawBufferPointer(head), count: bytes.count)
            }
        }
        let base = UnsafeMutablePointer<Frame>.allocate(capacity: built.count)
        base.initialize(from: built, count: built.count)
        return Frames(base: base)
    }()

    /// The canonical writer's bytes for a one-key public keyset (with the template's params as
    /// this reader recognizes them unless others are given).
    static func canonical(
        id: UInt32, x: [UInt8], y: [UInt8], params: [UInt8] = EciesP256Template.serializedParams
    ) -> [UInt8] {
        var value = ProtoWriter()
        value.message(2, params)
        value.bytesField(3, x)
        value.bytesField(4, y)
        return TinkKeyset(
            primaryKeyID: id,
            keys: [
                .init(
                    keyData: .init(
                        typeURL: EciesP256PublicKey.typeURL, value: value.bytes, keyMaterialType: .asymmetricPublic),
                    status: .enabled, keyID: id, outputPrefixType: .tink)
            ]
        ).serializedBytes
    }

    /// `18 03` (material), `10 01` (ENABLED), `18` id, `20 01` (TINK): what follows y.
    static func trailerLength(_ idLength: Int) -> Int { 7 + idLength }

    /// The only entry of `bytes` when they are one of the frames filled with a key id and a
    /// valid point, else nil.
    static func entry(_ bytes: [UInt8]) -> TinkKeysetEntry<EciesP256PublicKey>? {
        bytes.withUnsafeBytes { read($0)?.entry }
    }

    /// `entry` on raw bytes, with the coordinate length of the frame they matched.
    static func read(_ raw: UnsafeRawBufferPointer) -> (
        entry: TinkKeysetEntry<EciesP256PublicKey>, coordinateLength: Int
    )? {
        let n = raw.count
        guard n > 2, raw[0] == 0x08, let (id, idLength) = minimalVarint32(raw) else { return nil }
        let table = frames
        for position in (2 * idLength - 2)...(2 * idLength - 1) {
            let frame = table[position]
            guard frame.count == n else { continue }
            let c = frame.coordinateLength
            let xStart = 1 + idLength + frame.head.count
            let yStart = xStart + c + 2
            let trailer = yStart + c
            let idBytes = UnsafeRawBufferPointer(rebasing: raw[1..<(1 + idLength)])
            guard
                bytesEqual(UnsafeRawBufferPointer(rebasing: raw[(1 + idLength)..<xStart]), frame.head),
                raw[xStart + c] == 0x22, raw[xStart + c + 1] == UInt8(c),
                raw[trailer] == 0x18, raw[trailer + 1] == 0x03, raw[trailer + 2] == 0x10,
                raw[trailer + 3] == 0x01, raw[trailer + 4] == 0x18,
                bytesEqual(UnsafeRawBufferPointer(rebasing: raw[(trailer + 5)..<(n - 2)]), idBytes),
                raw[n - 2] == 0x20, raw[n - 1] == 0x01,
                // Java's 33-byte coordinates carry one leading zero byte; a coordinate
                // whose 33rd byte is significant is out of range (the general reader says so).
                c == 32 || (raw[xStart] == 0 && raw[yStart] == 0),
                let point = P256Point(
                    x32: UnsafeRawBufferPointer(rebasing: raw[(xStart + c - 32)..<(xStart + c)]),
                    y32: UnsafeRawBufferPointer(rebasing: raw[(trailer - 32)..<trailer]))
            else { return nil }
            return (TinkKeysetEntry(keyID: id, outputPrefixType: .tink, key: EciesP256PublicKey(point: point)), c)
        }
        return nil
    }

    /// The keyset of a value `prefix` + b64url(written one-key keyset), read from the string
    /// without keeping its decoded bytes; nil for anything else (the caller then parses the value
    /// with its general reader, which names every error). A profile's public-key value (Closer's
    /// `pub:v1:`, specs/pub-v1.md) passes its prefix as bytes it keeps for the whole run.
    package static func keyset(prefixedValue value: String, prefix pubPrefix: UnsafeRawBufferPointer)
        -> HybridPublicKeyset?
    {
        let read = value.utf8.withContiguousStorageIfAvailable { utf8 -> (TinkKeysetEntry<EciesP256PublicKey>, Int)? in
            let text = UnsafeRawBufferPointer(utf8)
            guard text.count > pubPrefix.count,
                bytesEqual(UnsafeRawBufferPointer(rebasing: text[..<pubPrefix.count]), pubPrefix)
            else { return nil }
            // The largest frame (5-byte id, 33-byte coordinates) is 230 bytes.
            return withUnsafeTemporaryAllocation(byteCount: 256, alignment: 8) { body in
                guard
                    let n = Base64.decodeValid(
                        UnsafeRawBufferPointer(rebasing: text[pubPrefix.count...]), .url, into: body)
                else { return nil }
                return Self.read(UnsafeRawBufferPointer(rebasing: body[..<n]))
            }
        }
        guard let (entry, coordinateLength) = read ?? nil else { return nil }
        return HybridPublicKeyset(written: entry, coordinateLength: coordinateLength)
    }

    /// The varint after the first byte when it is minimal, not 0 and at most 32 bits (what the
    /// canonical writer writes for a key id), with its length; else nil.
    private static func minimalVarint32(_ raw: UnsafeRawBufferPointer) -> (UInt32, Int)? {
        var value: UInt64 = 0
        var i = 1
        while i < raw.count, i <= 5 {
            let b = raw[i]
            value |= UInt64(b & 0x7f) << UInt64(7 * (i - 1))
            if b & 0x80 == 0 {
                // Minimal: the last byte is not 0, except for the one-byte 0 the writer never writes.
                guard b != 0, value <= UInt64(UInt32.max) else { return nil }
                return (UInt32(value), i)
            }
            i += 1
        }
        return nil
    }
}

extension PrimitiveKeyset where Key == EciesP256PublicKey {
    /// `init(serializedBytes:)` for public keysets, which reads a keyset in the written
    /// one-key layout without the general reader. Same result and same errors.
    package init(readingPublic bytes: [UInt8]) throws(CloserError) {
        if let (entry, coordinateLength) = bytes.withUnsafeBytes({ WrittenPublicKeysetLayout.read($0) }) {
            self.init(written: entry, coordinateLength: coordinateLength)
        } else {
            try self.init(serializedBytes: bytes)
        }
    }
}
