// The pub_v1 suite: `pub:v1:` device public keys, encode (bytes kept) and decode (keyset, primary
// key id, point), valid Java-style, 32-byte-coordinate and rotated keysets, and hostile values at
// every layer: prefix, b64url, protobuf, keyset, ECIES params, point.
// Normative: specs/pub-v1.md, specs/tink-hybrid.md, specs/tink-keyset.md, specs/encodings.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum PubV1Suite {
    static let name = "pub_v1"

    static let valid = VectorFlag(
        "Valid", .basic, .keyset,
        "A legitimate public keyset: encode keeps its bytes, decode returns them and the point.")
    static let javaStyle = VectorFlag(
        "JavaStyleCoordinates", .basic, .kem, "Coordinates written as Tink Java does: 33 bytes with a leading 00.")
    static let shortCoordinates = VectorFlag(
        "ShortCoordinates", .edgeCase, .kem,
        "Coordinates written as Tink C++/Python do (32 bytes) or with extra leading zeros: readers accept any length.")
    static let keyIDWidth = VectorFlag(
        "KeyIdWidth", .edgeCase, .protobuf, "Key ids of every varint width (1 to 5 bytes), including ids ≥ 2^31.")
    static let rotated = VectorFlag(
        "RotatedKeyset", .keyManagement, .keyset, "Several keys: decode reports the primary's id and point.")
    static let unknownField = VectorFlag(
        "UnknownField", .canOfWorms, .protobuf,
        "An unknown protobuf field Tink skips: the keyset is valid and its bytes are kept.")
    static let wrongPrefix = VectorFlag(
        "WrongValuePrefix", .encoding, .encoding, "The string does not start with exactly pub:v1:.")
    static let wrongAlphabet = VectorFlag(
        "WrongAlphabet", .encoding, .encoding, "pub:v1 bodies are b64url (-_); the standard alphabet (+/) is refused.")
    static let padding = VectorFlag("Padding", .encoding, .encoding, "b64url has no padding; = is refused.")
    static let whitespace = VectorFlag(
        "Whitespace", .encoding, .encoding, "Whitespace or a line break in or around the body is refused.")
    static let trailingBits = VectorFlag(
        "NonCanonicalTrailingBits", .encoding, .encoding, "The last b64url symbol has non-zero unused bits.")
    static let b64Length = VectorFlag("B64Length", .encoding, .encoding, "A b64url text of 4k+1 symbols.")
    static let empty = VectorFlag("EmptyBody", .edgeCase, .encoding, "pub:v1: with nothing after the prefix.")
    static let truncated = VectorFlag("TruncatedKeyset", .malleability, .protobuf, "The keyset bytes are cut short.")
    static let notTink = VectorFlag(
        "NonTinkPrimary", .keyManagement, .keyset,
        "The primary's output prefix is RAW, LEGACY or CRUNCHY: a keybox needs the recipient's TINK key id.")
    static let offCurve = VectorFlag(
        "InvalidPoint", .pointValidation, .kem,
        "The point is not on P-256: off the curve, the identity, or coordinates ≥ p.")
    static let wideCoordinate = VectorFlag(
        "WideCoordinate", .pointValidation, .kem,
        "A coordinate with more than 32 significant bytes (e.g. a compressed-point prefix).")
    static let wrongParams = VectorFlag(
        "WrongParameters", .wrongParameters, .keyset,
        "ECIES params other than the template: curve, hash, salt, point format, DEM type, size or version.")
    static let keyVersion = VectorFlag(
        "KeyVersion", .keyManagement, .keyset, "EciesAeadHkdfPublicKey version is not 0.")
    static let wrongKeyType = VectorFlag(
        "WrongKeyType", .keyManagement, .keyset,
        "A private or AEAD keyset given where a public ECIES keyset is expected.")
    static let malformedKeyset = VectorFlag(
        "MalformedKeyset", .keyManagement, .keyset,
        "The keyset breaks Tink's keyset rules (no keys, no primary, bad status or prefix).")

    /// A minimal protobuf writer for hand-built (also hostile) key protos.
    struct PB {
        var bytes: [UInt8] = []
        static func varint(_ v: UInt64) -> [UInt8] {
            var v = v
            var out: [UInt8] = []
            repeat {
                var b = UInt8(v & 0x7f)
                v >>= 7
                if v != 0 { b |= 0x80 }
                out.append(b)
            } while v != 0
            return out
        }
        mutating func varint(_ n: UInt64, _ v: UInt64) { bytes += Self.varint(n << 3) + Self.varint(v) }
        mutating func field(_ n: UInt64, _ b: [UInt8]) {
            bytes += Self.varint(n << 3 | 2) + Self.varint(UInt64(b.count)) + b
        }
    }

    struct Params {
        var curve: UInt64 = 2
        var hash: UInt64 = 3
        var salt: [UInt8] = []
        var pointFormat: UInt64 = 1
        var demType = "type.googleapis.com/google.crypto.tink.AesGcmKey"
        var demKeySize: UInt64 = 16
        var demVersion: UInt64 = 0

        var bytes: [UInt8] {
            var kem = PB()
            kem.varint(1, curve)
            kem.varint(2, hash)
            if !salt.isEmpty { kem.field(11, salt) }
            var format = PB()
            format.varint(2, demKeySize)
            if demVersion != 0 { format.varint(3, demVersion) }
            var template = PB()
            template.field(1, Array(demType.utf8))
            template.field(2, format.bytes)
            template.varint(3, 1)
            var dem = PB()
            dem.field(2, template.bytes)
            var p = PB()
            p.field(1, kem.bytes)
            p.field(2, dem.bytes)
            p.varint(3, pointFormat)
            return p.bytes
        }
    }

    static func publicKey(x: [UInt8], y: [UInt8], params: Params? = Params(), version: UInt64 = 0) -> [UInt8] {
        var w = PB()
        if version != 0 { w.varint(1, version) }
        if let params { w.field(2, params.bytes) }
        if !x.isEmpty { w.field(3, x) }
        if !y.isEmpty { w.field(4, y) }
        return w.bytes
    }

    static func key(
        _ value: [UInt8], id: UInt32, prefix: TinkOutputPrefixType = .tink, status: TinkKeyStatus = .enabled,
        type: String = EciesP256PublicKey.typeURL, material: TinkKeyMaterialType = .asymmetricPublic
    ) -> TinkKeyset.Key {
        TinkKeyset.Key(
            keyData: .init(typeURL: type, value: value, keyMaterialType: material), status: status, keyID: id,
            outputPrefixType: prefix)
    }

    static func keyset(primary: UInt32, _ keys: [TinkKeyset.Key]) -> [UInt8] {
        TinkKeyset(primaryKeyID: primary, keys: keys).serializedBytes
    }

    static func build() throws(CloserError) -> WireSuite {
        let b = Builder(rng: SuiteRandom(suite: name))
        try b.knownAnswer()
        b.oneKeyKeysets()
        b.rotatedAndUnknownFieldKeysets()
        let realBytes = b.hostileTexts()
        b.truncatedKeysets(realBytes)
        let k = b.hostileKey()
        b.nonTinkPrimaries(k)
        try b.invalidPoints(k)
        b.paramsRefusals(k)
        try b.wrongKeyTypes(k)
        b.malformedKeysets(k)

        return WireSuite(
            name: name, algorithm: "closer-pub-v1",
            header: [
                "pub:v1: device public keys (specs/pub-v1.md): pub.encode(publicKeyset) validates and returns",
                "\"pub:v1:\" + b64url(the same bytes); pub.decode(value) returns the keyset bytes, the primary keyId and its",
                "x, y (32 bytes each), or refuses with expected.error. Refused keysets appear twice: through pub.encode",
                "(hex bytes) and pub.decode (their pub:v1 text). Intermediates: serializedKeyset, publicPoint (04 || x || y).",
            ],
            groups: [
                VectorGroup("PubV1Encode", comment: "pub.encode of valid public keysets", cases: b.encodes),
                VectorGroup("PubV1Decode", comment: "pub.decode of valid values", cases: b.decodes),
                VectorGroup("PubV1EncodeRefused", comment: "pub.encode of hostile keysets", cases: b.encodeRefused),
                VectorGroup(
                    "PubV1DecodeRefused", comment: "pub.decode of hostile values and keysets", cases: b.decodeRefused),
                VectorGroup(
                    "PubV1EncodeEmptyKeyset", comment: "pub.encode of zero bytes: a keyset, not a body (D-WIRE-28)",
                    cases: [Self.emptyKeysetEncode]),
            ])
    }
}

extension PubV1Suite {
    static let emptyKeyset = VectorFlag(
        "EmptyKeysetBytes", .edgeCase, .keyset,
        "pub.encode of zero bytes: a keyset with no keys (keyset.empty), not a value body's wire.too_short.")

    /// Appended in 3.3.0: the order of checks `explore --guided` found two readings of (D-WIRE-28).
    static let emptyKeysetEncode = VectorCase.invalid(
        "zero keyset bytes are refused as a keyset with no keys", flags: [emptyKeyset],
        op: HarnessOpSpec.pubEncode.name,
        input: [("publicKeyset", V.hex([]))], error: .keysetEmpty, layer: .keyset,
        intermediates: [("serializedKeyset", V.hex([]))]
    ).citing(VectorPin("D-WIRE-28", .refuse))

    /// The one-key keyset the hostile-keyset sections vary: its point, Java-style coordinates and id.
    fileprivate struct HostileKey {
        let pt: P256Point
        let jx: [UInt8]
        let jy: [UInt8]
        let id: UInt32
    }

    /// The suite's DRBG and its four groups, filled section by section in draw order.
    fileprivate final class Builder {
        let rng: SuiteRandom
        var encodes: [VectorCase] = []
        var decodes: [VectorCase] = []
        var encodeRefused: [VectorCase] = []
        var decodeRefused: [VectorCase] = []
        let pfx = CloserProfileV1.publicKeyPrefix

        init(rng: SuiteRandom) { self.rng = rng }

        func add(_ comment: String, _ flags: [VectorFlag], _ bytes: [UInt8], primary: UInt32, point: P256Point) {
            let v = pfx + Base64.encode(bytes, .url)
            let inter: [(String, JSONValue)] = [
                ("serializedKeyset", V.hex(bytes)), ("publicPoint", V.hex(point.uncompressed)),
            ]
            encodes.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.pubEncode.name,
                    input: [("publicKeyset", V.hex(bytes))],
                    output: [("value", V.str(v))], intermediates: inter))
            decodes.append(
                .valid(
                    comment, flags: [valid] + flags, op: HarnessOpSpec.pubDecode.name, input: [("value", V.str(v))],
                    output: [
                        ("publicKeyset", V.hex(bytes)), ("keyId", V.int(primary)), ("x", V.hex(point.x)),
                        ("y", V.hex(point.y)),
                    ],
                    intermediates: inter))
        }
        func bad(
            _ comment: String, _ flags: [VectorFlag], _ bytes: [UInt8], _ code: CloserError.Code, _ layer: VectorLayer
        ) {
            encodeRefused.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.pubEncode.name, input: [("publicKeyset", V.hex(bytes))],
                    error: code,
                    layer: layer,
                    intermediates: [("serializedKeyset", V.hex(bytes))]))
            decodeRefused.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.pubDecode.name,
                    input: [("value", V.str(pfx + Base64.encode(bytes, .url)))],
                    error: code, layer: layer, intermediates: [("serializedKeyset", V.hex(bytes))]))
        }
        func badText(
            _ comment: String, _ flags: [VectorFlag], _ text: String, _ code: CloserError.Code,
            _ layer: VectorLayer = .encoding
        ) {
            decodeRefused.append(
                .invalid(
                    comment, flags: flags, op: HarnessOpSpec.pubDecode.name, input: [("value", V.str(text))],
                    error: code, layer: layer)
            )
        }
        func java(_ p: P256Point) -> (x: [UInt8], y: [UInt8]) { ([0] + p.x, [0] + p.y) }

        /// The known answer of pub-v1.md.
        func knownAnswer() throws(CloserError) {
            let ka = try HybridPrivateKeyset.make(
                privateKey: try Hex.decode("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"),
                keyID: 0x0a0b_0c0d)
            let kaValue =
                "pub:v1:CI2YrFAS3AEK0AEKPXR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkVjaWVzQWVhZEhrZGZQdWJsaWNLZXkSjAESRAoECAIQAxI6EjgKMHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkFlc0djbUtleRICEBAYARgBGiEAYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7YiIQB5A_4QCLi8maQa6elWKLxk8vGyDC1-n1F3o8KU1EYimRgDEAEYjZisUCAB"
            let kaBytes = try Base64.decode(String(kaValue.dropFirst(pfx.count)), .url)
            let kaPoint = ka.primary.key.publicKey.point
            encodes.append(
                .valid(
                    "the known answer of specs/pub-v1.md", flags: [valid, javaStyle], op: HarnessOpSpec.pubEncode.name,
                    input: [("publicKeyset", V.hex(ka.publicKeyset.serializedBytes))],
                    output: [("value", V.str(kaValue))],
                    intermediates: [("serializedKeyset", V.hex(kaBytes)), ("publicPoint", V.hex(kaPoint.uncompressed))])
            )
            decodes.append(
                .valid(
                    "the known answer of specs/pub-v1.md", flags: [valid, javaStyle], op: HarnessOpSpec.pubDecode.name,
                    input: [("value", V.str(kaValue))],
                    output: [
                        ("publicKeyset", V.hex(kaBytes)), ("keyId", V.int(UInt32(0x0a0b_0c0d))),
                        ("x", V.hex(kaPoint.x)),
                        ("y", V.hex(kaPoint.y)),
                    ],
                    intermediates: [("serializedKeyset", V.hex(kaBytes)), ("publicPoint", V.hex(kaPoint.uncompressed))])
            )
        }

        /// Java-style, 32-byte and wider coordinates, key ids of every varint width.
        func oneKeyKeysets() {
            // Java-style one-key keysets, key ids of every varint width.
            var points: [P256Point] = []
            for (what, id) in [
                ("1-byte varint id", UInt32(1)), ("2-byte varint id", UInt32(200)),
                ("3-byte varint id", UInt32(70_000)),
                ("4-byte varint id", UInt32(1 << 21) + 5),
                ("5-byte varint id (≥ 2^28)", UInt32(1 << 28) + (rng.keyID() & 0x0fff_ffff)),
                ("id ≥ 2^31", 0x8000_0000 | rng.keyID()), ("id 0xffffffff", UInt32.max), ("random id", rng.keyID()),
            ] {
                let p = rng.scalar().publicPoint
                points.append(p)
                let (x, y) = java(p)
                add(
                    "Java-style keyset, \(what)", [javaStyle, keyIDWidth],
                    keyset(primary: id, [key(publicKey(x: x, y: y), id: id)]), primary: id, point: p)
            }
            for i in 0..<3 {
                let p = rng.scalar().publicPoint
                let id = rng.keyID()
                add(
                    "32-byte coordinates (Tink C++/Python) #\(i + 1)", [shortCoordinates],
                    keyset(primary: id, [key(publicKey(x: p.x, y: p.y), id: id)]),
                    primary: id, point: p)
            }
            do {
                let p = rng.scalar().publicPoint
                let id = rng.keyID()
                add(
                    "x of 32 bytes, y of 33", [shortCoordinates],
                    keyset(primary: id, [key(publicKey(x: p.x, y: [0] + p.y), id: id)]), primary: id, point: p)
                let q = rng.scalar().publicPoint
                let id2 = rng.keyID()
                add(
                    "coordinates with two leading zero bytes (34 bytes)", [shortCoordinates],
                    keyset(primary: id2, [key(publicKey(x: [0, 0] + q.x, y: [0, 0] + q.y), id: id2)]), primary: id2,
                    point: q)
            }
        }

        /// Rotated keysets and unknown protobuf fields.
        func rotatedAndUnknownFieldKeysets() {
            // Rotated keysets.
            do {
                let (p1, p2, p3) = (rng.scalar().publicPoint, rng.scalar().publicPoint, rng.scalar().publicPoint)
                let (i1, i2, i3) = (rng.keyID(), rng.keyID(), rng.keyID())
                add(
                    "rotated: two keys, the primary second", [rotated, javaStyle],
                    keyset(
                        primary: i2,
                        [
                            key(publicKey(x: java(p1).x, y: java(p1).y), id: i1),
                            key(publicKey(x: java(p2).x, y: java(p2).y), id: i2),
                        ]),
                    primary: i2, point: p2)
                add(
                    "rotated: three keys, the primary in the middle", [rotated, javaStyle],
                    keyset(
                        primary: i2,
                        [
                            key(publicKey(x: java(p1).x, y: java(p1).y), id: i1),
                            key(publicKey(x: java(p2).x, y: java(p2).y), id: i2),
                            key(publicKey(x: java(p3).x, y: java(p3).y), id: i3),
                        ]), primary: i2, point: p2)
                add(
                    "rotated: a Java-style and a 32-byte key", [rotated, shortCoordinates],
                    keyset(
                        primary: i1,
                        [
                            key(publicKey(x: java(p1).x, y: java(p1).y), id: i1),
                            key(publicKey(x: p3.x, y: p3.y), id: i3),
                        ]),
                    primary: i1, point: p1)
                add(
                    "a DISABLED key beside the primary", [rotated],
                    keyset(
                        primary: i3,
                        [
                            key(publicKey(x: java(p1).x, y: java(p1).y), id: i1, status: .disabled),
                            key(publicKey(x: java(p3).x, y: java(p3).y), id: i3),
                        ]), primary: i3, point: p3)
                add(
                    "a non-primary RAW key beside a TINK primary", [rotated],
                    keyset(
                        primary: i2,
                        [
                            key(publicKey(x: java(p1).x, y: java(p1).y), id: i1, prefix: .raw),
                            key(publicKey(x: java(p2).x, y: java(p2).y), id: i2),
                        ]), primary: i2, point: p2)
            }
            do {
                let p = rng.scalar().publicPoint
                let id = rng.keyID()
                var ks = keyset(primary: id, [key(publicKey(x: java(p).x, y: java(p).y), id: id)])
                ks += PB.varint(3 << 3) + PB.varint(7)
                add("an unknown varint field (3) at the end of the keyset", [unknownField], ks, primary: id, point: p)
                var pk = publicKey(x: java(p).x, y: java(p).y)
                pk += PB.varint(9 << 3 | 2) + [2, 0xab, 0xcd]
                add(
                    "an unknown bytes field (9) in the public key", [unknownField],
                    keyset(primary: id, [key(pk, id: id)]),
                    primary: id, point: p)
            }
        }

        /// Hostile texts from one real value whose body has spare bits; returns that value's keyset bytes.
        func hostileTexts() -> [UInt8] {
            // Hostile texts, from one real value whose body has spare bits.
            var realBytes: [UInt8] = []
            var realID: UInt32 = 0
            repeat {
                realID = 0x8000_0000 | rng.keyID()
                let p = rng.scalar().publicPoint
                realBytes = keyset(primary: realID, [key(publicKey(x: java(p).x, y: java(p).y), id: realID)])
            } while !Base64.encode(realBytes, .url).contains(where: { $0 == "-" || $0 == "_" })
                || realBytes.count % 3 == 0
            let realB64 = Base64.encode(realBytes, .url)
            let real = pfx + realB64
            for p in ["pub:v2:", "PUB:v1:", "pub:V1:", "pub:v1", "pubv1:", "keybox:v1:", "enc:v1:", " pub:v1:", ""] {
                badText("prefix \"\(p)\" instead of pub:v1:", [wrongPrefix], p + realB64, .wireWrongPrefix)
            }
            badText(
                "standard alphabet (+ /)", [wrongAlphabet], pfx + EncodingVariants.standardAlphabet(realB64),
                .b64WrongAlphabet)
            badText(
                "padded as standard b64 would be", [padding], pfx + EncodingVariants.padded(realB64), .b64InvalidPadding
            )
            badText(
                "standard b64 with padding", [wrongAlphabet, padding], pfx + Base64.encode(realBytes, .standard),
                .b64WrongAlphabet)
            badText("trailing newline", [whitespace], real + "\n", .b64InvalidCharacter)
            badText(
                "space inside", [whitespace], pfx + String(realB64.prefix(20)) + " " + String(realB64.dropFirst(20)),
                .b64InvalidCharacter)
            badText(
                "MIME line breaks", [whitespace],
                pfx + String(realB64.prefix(76)) + "\r\n" + String(realB64.dropFirst(76)),
                .b64InvalidCharacter)
            if let nc = EncodingVariants.nonCanonicalTrailingBits(realB64, url: true) {
                badText("non-canonical trailing bits", [trailingBits], pfx + nc, .b64NonCanonical)
            }
            let len4k = String(realB64.prefix(realB64.utf8.count / 4 * 4))
            badText("4k+1 symbols", [b64Length], pfx + len4k + "A", .b64InvalidLength)
            badText("nothing after the prefix", [empty], pfx, .wireTooShort)
            return realBytes
        }

        func truncatedKeysets(_ realBytes: [UInt8]) {
            // Hostile keysets: both ops refuse them the same way.
            for n in [1, 2, 10, 60, realBytes.count - 1] {
                bad(
                    "keyset truncated to \(n) bytes", [truncated], Array(realBytes.prefix(n)), .protoTruncated,
                    .protobuf)
            }
        }

        func hostileKey() -> HostileKey {
            let pt = rng.scalar().publicPoint
            let (jx, jy) = java(pt)
            let id = rng.keyID()
            return HostileKey(pt: pt, jx: jx, jy: jy, id: id)
        }

        func nonTinkPrimaries(_ k: HostileKey) {
            let (jx, jy, id) = (k.jx, k.jy, k.id)
            for prefix in [TinkOutputPrefixType.raw, .legacy, .crunchy] {
                bad(
                    "primary with output prefix \(prefix)", [notTink],
                    keyset(primary: id, [key(publicKey(x: jx, y: jy), id: id, prefix: prefix)]),
                    .pubWrongOutputPrefix, .keyset)
            }
            bad(
                "TINK key present but the primary is RAW", [notTink, rotated],
                keyset(
                    primary: id,
                    [key(publicKey(x: jx, y: jy), id: id &+ 1), key(publicKey(x: jx, y: jy), id: id, prefix: .raw)]),
                .pubWrongOutputPrefix, .keyset)
        }

        /// Points off the curve, the identity, coordinates ≥ p or wider than 32 significant bytes.
        func invalidPoints(_ k: HostileKey) throws(CloserError) {
            let (pt, jx, jy, id) = (k.pt, k.jx, k.jy, k.id)
            func pointKeyset(_ x: [UInt8], _ y: [UInt8]) -> [UInt8] {
                keyset(primary: id, [key(publicKey(x: x, y: y), id: id)])
            }
            let prime = try Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
            var yPlus = pt.y
            var i = 31
            while true { yPlus[i] &+= 1; if yPlus[i] != 0 || i == 0 { break }; i -= 1 }
            bad("off-curve point (y + 1)", [offCurve], pointKeyset(jx, [0] + yPlus), .p256NotOnCurve, .kem)
            bad("x and y swapped", [offCurve], pointKeyset(jy, jx), .p256NotOnCurve, .kem)
            bad("the identity written as (0, 0)", [offCurve], pointKeyset([0], [0]), .p256NotOnCurve, .kem)
            bad("x and y absent (read as 0)", [offCurve], pointKeyset([], []), .p256NotOnCurve, .kem)
            bad("y = 0", [offCurve], pointKeyset(jx, [0]), .p256NotOnCurve, .kem)
            bad("x = p", [offCurve], pointKeyset([0] + prime, jy), .p256CoordinateOutOfRange, .kem)
            let pPlus = try Hex.decode("ffffffff00000001000000000000000000000001000000000000000000000000")
            bad("y = p + 1", [offCurve], pointKeyset(jx, pPlus), .p256CoordinateOutOfRange, .kem)
            bad(
                "x all ff (≥ p)", [offCurve], pointKeyset([UInt8](repeating: 0xff, count: 32), jy),
                .p256CoordinateOutOfRange, .kem)
            bad(
                "x of 33 significant bytes (compressed-point prefix 02)", [wideCoordinate],
                pointKeyset([0x02] + pt.x, jy),
                .p256CoordinateOutOfRange, .kem)
            bad(
                "y of 33 significant bytes (01 || y)", [wideCoordinate], pointKeyset(jx, [0x01] + pt.y),
                .p256CoordinateOutOfRange, .kem)
            bad(
                "x of 34 bytes, the first non-zero", [wideCoordinate], pointKeyset([0x01, 0x00] + pt.x, jy),
                .p256CoordinateOutOfRange, .kem)
            bad(
                "the whole uncompressed point as x", [wideCoordinate], pointKeyset(pt.uncompressed, jy),
                .p256CoordinateOutOfRange, .kem)
        }

        /// ECIES params other than the template, absent params, key version 1.
        func paramsRefusals(_ k: HostileKey) {
            let (jx, jy, id) = (k.jx, k.jy, k.id)
            func paramsKeyset(_ params: Params?, version: UInt64 = 0) -> [UInt8] {
                keyset(primary: id, [key(publicKey(x: jx, y: jy, params: params, version: version), id: id)])
            }
            for (what, edit) in [
                ("curve NIST_P384 (3)", { (p: inout Params) in p.curve = 3 }),
                ("curve NIST_P521 (4)", { p in p.curve = 4 }),
                ("curve CURVE25519 (5)", { p in p.curve = 5 }), ("curve UNKNOWN (0)", { p in p.curve = 0 }),
                ("HKDF hash SHA512 (5)", { p in p.hash = 5 }), ("HKDF hash SHA1 (1)", { p in p.hash = 1 }),
                ("a non-empty HKDF salt", { p in p.salt = [0x73, 0x61, 0x6c, 0x74] }),
                ("point format COMPRESSED (2)", { p in p.pointFormat = 2 }),
                ("point format DO_NOT_USE_CRUNCHY_UNCOMPRESSED (3)", { p in p.pointFormat = 3 }),
                ("DEM AES-256-GCM (key size 32)", { p in p.demKeySize = 32 }),
                (
                    "DEM AesCtrHmacAeadKey",
                    { p in p.demType = "type.googleapis.com/google.crypto.tink.AesCtrHmacAeadKey" }
                ),
                ("DEM AesGcmKeyFormat version 1", { p in p.demVersion = 1 }),
            ] as [(String, (inout Params) -> Void)] {
                var p = Params()
                edit(&p)
                bad("params: \(what)", [wrongParams], paramsKeyset(p), .eciesUnsupportedParameters, .keyset)
            }
            bad("params absent", [wrongParams], paramsKeyset(nil), .eciesMissingField, .keyset)
            bad(
                "public key version 1", [keyVersion], paramsKeyset(Params(), version: 1), .keysetInvalidKeyVersion,
                .keyset)
        }

        func wrongKeyTypes(_ k: HostileKey) throws(CloserError) {
            let (jx, jy, id) = (k.jx, k.jy, k.id)
            let priv = try HybridPrivateKeyset.make(privateKey: rng.scalar().d, keyID: id)
            bad(
                "the private keyset given as public", [wrongKeyType], priv.serializedBytes, .keysetUnsupportedKeyType,
                .keyset)
            bad(
                "an AES-GCM keyset", [wrongKeyType], try rng.aeadKeyset(size: 32).serializedBytes,
                .keysetUnsupportedKeyType, .keyset)
            bad(
                "public key data under the private key's type URL", [wrongKeyType],
                keyset(primary: id, [key(publicKey(x: jx, y: jy), id: id, type: EciesP256PrivateKey.typeURL)]),
                .keysetUnsupportedKeyType, .keyset)
        }

        /// Keysets breaking Tink's keyset rules.
        func malformedKeysets(_ k: HostileKey) {
            let (jx, jy, id) = (k.jx, k.jy, k.id)
            bad("no keys", [malformedKeyset], keyset(primary: id, []), .keysetEmpty, .keyset)
            bad(
                "the primary id names no key", [malformedKeyset],
                keyset(primary: id &+ 1, [key(publicKey(x: jx, y: jy), id: id)]),
                .keysetNoPrimary, .keyset)
            bad(
                "the primary is DISABLED", [malformedKeyset],
                keyset(primary: id, [key(publicKey(x: jx, y: jy), id: id, status: .disabled)]), .keysetNoEnabledKey,
                .keyset
            )
            bad(
                "key status UNKNOWN (0)", [malformedKeyset],
                keyset(primary: id, [key(publicKey(x: jx, y: jy), id: id, status: .unknown)]), .keysetInvalidStatus,
                .keyset
            )
            bad(
                "output prefix UNKNOWN (0)", [malformedKeyset],
                keyset(primary: id, [key(publicKey(x: jx, y: jy), id: id, prefix: .unknown)]),
                .keysetInvalidOutputPrefix,
                .keyset)
            bad(
                "two ENABLED keys with the primary id", [malformedKeyset],
                keyset(primary: id, [key(publicKey(x: jx, y: jy), id: id), key(publicKey(x: jx, y: jy), id: id)]),
                .keysetDuplicatePrimary, .keyset)
        }
    }
}
