// The written-layout reader for one-key public keysets may only make a valid keyset faster
// (specs/tink-keyset.md §"Implementation latitude: the written one-key layout"): whatever it
// accepts, the general reader must accept with the same key; whatever it declines must get the
// general reader's answer, error for error.
@testable import CoreWire
import Testing

@testable import CloserWire

@Suite("Written one-key public keyset layout")
struct WrittenPublicKeysetLayoutTests {
    /// Key ids of every varint length (1 to 5 bytes) and the edges between them.
    static let keyIDs: [UInt32] = [1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456, .max]

    /// A one-key public keyset as a writer lays it out: `coordinateLength` 33 is Java's,
    /// 32 is C++/Python's; `params` is one of the written params layouts.
    static func keyset(
        _ point: P256Point, keyID: UInt32, coordinateLength: Int = 33,
        params: [UInt8] = EciesP256Template.serializedParams
    ) -> [UInt8] {
        WrittenPublicKeysetLayout.canonical(
            id: keyID, x: coordinateLength == 33 ? P256Point.javaStyle(point.x) : point.x,
            y: coordinateLength == 33 ? P256Point.javaStyle(point.y) : point.y, params: params)
    }

    static func point(_ seed: String) -> P256Point {
        P256Scalar.generate(random: SeededRandom(seed: seed)).publicPoint
    }

    /// Both readers on `bytes`: the layout reader's entry must be the general reader's only
    /// key; `init(readingPublic:)` must answer exactly as the general reader does.
    static func expectAgreement(_ bytes: [UInt8], _ what: @autoclosure () -> String) {
        let general = Result { () throws(CloserError) in try HybridPublicKeyset(serializedBytes: bytes) }
        let reading = Result { () throws(CloserError) in try HybridPublicKeyset(readingPublic: bytes) }
        if let entry = WrittenPublicKeysetLayout.entry(bytes) {
            guard case .success(let keyset) = general else {
                Issue.record("\(what()): the layout reader accepted what the general reader refuses")
                return
            }
            #expect(Array(keyset.entries) == [entry], "\(what())")
            #expect(keyset.primary == entry, "\(what())")
            #expect(entry.outputPrefixType == .tink, "\(what())")
        }
        expectSameOutcome(general, reading, "readingPublic", what())
    }

    /// The general reader's outcome and another reader's: the same keyset (bytes, entries,
    /// primary) or the same error (code and reason).
    static func expectSameOutcome(
        _ general: Result<HybridPublicKeyset, CloserError>, _ other: Result<HybridPublicKeyset, CloserError>,
        _ otherName: String, _ what: String
    ) {
        switch (general, other) {
        case (.success(let a), .success(let b)):
            #expect(a.serializedBytes == b.serializedBytes && a == b, "\(what)")
            #expect(a.primary == b.primary && Array(a.entries) == Array(b.entries), "\(what)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(what): \(a) vs \(b)")
        default:
            Issue.record("\(what): general \(general), \(otherName) \(other)")
        }
    }

    @Test("every writer's one-key keyset is read by the layout reader, with the general reader's key")
    func writtenKeysetsTakeTheLayout() throws {
        for (n, keyID) in Self.keyIDs.enumerated() {
            let point = Self.point("layout-\(n)")
            for coordinateLength in [32, 33] {
                let bytes = Self.keyset(point, keyID: keyID, coordinateLength: coordinateLength)
                let entry = try #require(WrittenPublicKeysetLayout.entry(bytes), "id \(keyID), \(coordinateLength)")
                #expect(entry.keyID == keyID && entry.key.point == point)
                Self.expectAgreement(bytes, "id \(keyID), \(coordinateLength)-byte coordinates")
                // The other DEM prefixes a writer may put in the params are left to the general reader.
                for params in EciesP256Template.writtenParams where params != EciesP256Template.serializedParams {
                    let other = Self.keyset(point, keyID: keyID, coordinateLength: coordinateLength, params: params)
                    #expect(WrittenPublicKeysetLayout.entry(other) == nil)
                    Self.expectAgreement(other, "id \(keyID), \(coordinateLength), params \(params.suffix(3))")
                }
            }
        }
    }

    @Test("the spec's known-answer pub:v1 value (checked against Python Tink) takes the layout")
    func knownAnswerTakesTheLayout() throws {
        let value =
            "pub:v1:CI2YrFAS3AEK0AEKPXR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkVjaWVzQWVhZEhrZGZQdWJsaWNLZXkSjAESRAoECAIQAxI6EjgKMHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkFlc0djbUtleRICEBAYARgBGiEAYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7YiIQB5A_4QCLi8maQa6elWKLxk8vGyDC1-n1F3o8KU1EYimRgDEAEYjZisUCAB"
        let body = try WireString(parsing: value, as: .pub).body
        let entry = try #require(WrittenPublicKeysetLayout.entry(body))
        #expect(entry.keyID == 0x0a0b_0c0d)
        Self.expectAgreement(body, "known answer")
    }

    @Test("what a writer does not produce is left to the general reader")
    func otherLayoutsAreDeclined() {
        let point = Self.point("layout-declined")
        let written = Self.keyset(point, keyID: 0x0102_0304)
        let general = try! TinkKeyset(serializedBytes: written)
        var declined: [(String, [UInt8])] = [
            ("an unknown field appended", written + [0x28, 0x01]),
            (
                "an explicit default version",
                {
                    var k = general
                    k.keys[0].keyData!.value = [0x08, 0x00] + k.keys[0].keyData!.value
                    return k.serializedBytes
                }()
            ),
            (
                "a second key",
                {
                    var k = general
                    k.keys.append(k.keys[0])
                    k.keys[1].keyID = 9
                    return k.serializedBytes
                }()
            ),
            (
                "primary another id",
                {
                    var k = general
                    k.primaryKeyID = 9
                    return k.serializedBytes
                }()
            ),
            (
                "RAW prefix",
                {
                    var k = general
                    k.keys[0].outputPrefixType = .raw
                    return k.serializedBytes
                }()
            ),
            (
                "a point off the curve",
                {
                    var k = general
                    let v = k.keys[0].keyData!.value
                    k.keys[0].keyData!.value = Array(v.dropLast()) + [v.last! ^ 1]
                    return k.serializedBytes
                }()
            ),
        ]
        // 0x01020304 takes four varint bytes; the same value in six (protobuf reads both).
        var overlong: [UInt8] = []
        var id: UInt32 = 0x0102_0304
        for _ in 0..<5 {
            overlong.append(UInt8(id & 0x7f) | 0x80)
            id >>= 7
        }
        declined.append(("an overlong varint", [0x08] + overlong + [0x00] + written.dropFirst(5)))
        // Key id 0 written out (`08 00`, `18 00`): valid for the general reader, never written.
        let one = Self.keyset(point, keyID: 1)
        declined.append(("key id 0 written out", [0x08, 0x00] + one[2...].dropLast(3) + [0x00, 0x20, 0x01]))
        // Coordinates the layout's lengths allow that are not below p, or have a 33rd
        // significant byte: the general reader names p256.coordinate_out_of_range.
        let p = try! Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
        let allOnes = [UInt8](repeating: 0xff, count: 32)
        for (name, x, y) in [
            ("x = p", p, point.y), ("y = p", point.x, p), ("x = 2^256 - 1", allOnes, point.y),
            ("y = 2^256 - 1", point.x, allOnes),
        ] {
            declined.append(("\(name), 32-byte coordinates", WrittenPublicKeysetLayout.canonical(id: 5, x: x, y: y)))
            declined.append(
                (
                    "\(name), 33-byte coordinates",
                    WrittenPublicKeysetLayout.canonical(id: 5, x: P256Point.javaStyle(x), y: P256Point.javaStyle(y))
                ))
        }
        declined.append(
            (
                "x with a 33rd significant byte",
                WrittenPublicKeysetLayout.canonical(id: 5, x: [1] + point.x, y: [0] + point.y)
            ))
        declined.append(
            (
                "y with a 33rd significant byte",
                WrittenPublicKeysetLayout.canonical(id: 5, x: [0] + point.x, y: [1] + point.y)
            ))
        for (what, bytes) in declined {
            #expect(WrittenPublicKeysetLayout.entry(bytes) == nil, "\(what)")
            Self.expectAgreement(bytes, what)
        }
    }

    @Test("every one-byte change, deletion, insertion and truncation: both readers agree")
    func nearLayoutsAgree() {
        for (n, coordinateLength) in [32, 33].enumerated() {
            let written = Self.keyset(
                Self.point("layout-near-\(n)"), keyID: 0x8a0b_0c0d, coordinateLength: coordinateLength)
            for index in written.indices {
                for mask: UInt8 in [0x01, 0x02, 0x08, 0x40, 0x80, 0xff] {
                    var changed = written
                    changed[index] ^= mask
                    Self.expectAgreement(changed, "\(coordinateLength): byte \(index) ^ \(mask)")
                }
                var deleted = written
                deleted.remove(at: index)
                Self.expectAgreement(deleted, "\(coordinateLength): byte \(index) deleted")
                var inserted = written
                inserted.insert(0x00, at: index)
                Self.expectAgreement(inserted, "\(coordinateLength): 00 inserted at \(index)")
                Self.expectAgreement(Array(written[..<index]), "\(coordinateLength): truncated to \(index)")
            }
        }
    }

    @Test("20,000 random multi-byte mutations: both readers agree")
    func randomMutationsAgree() {
        let random = SeededRandom(seed: "layout-mutations")
        let points = (0..<4).map { Self.point("layout-mutation-\($0)") }
        for round in 0..<20_000 {
            var bytes = Self.keyset(
                points[round % 4], keyID: Self.keyIDs[round % Self.keyIDs.count],
                coordinateLength: round % 2 == 0 ? 33 : 32)
            for _ in 0..<(1 + Int(random.uint32() % 3)) {
                let at = Int(random.uint32() % UInt32(bytes.count))
                switch random.uint32() % 3 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.uint32())
                case 1: bytes.remove(at: at)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.uint32()), at: at)
                }
            }
            Self.expectAgreement(bytes, "round \(round)")
        }
    }

    /// `PubV1.decode` (which reads a written-layout body straight from the string) against
    /// `PubV1.decodeInOrder` (the general reader): the same keyset, bytes and key, or the same error.
    static func expectPubAgreement(_ value: String, _ what: @autoclosure () -> String) {
        let general = Result { () throws(CloserError) in try PubV1.decodeInOrder(value) }
        let shortcut = Result { () throws(CloserError) in try PubV1.decode(value) }
        expectSameOutcome(general, shortcut, "PubV1.decode", what())
    }

    @Test("pub:v1 values: the string shortcut takes every writer's keyset and rebuilds its exact bytes")
    func pubValuesTakeTheShortcut() throws {
        for (n, keyID) in Self.keyIDs.enumerated() {
            let point = Self.point("layout-pub-\(n)")
            for coordinateLength in [32, 33] {
                let bytes = Self.keyset(point, keyID: keyID, coordinateLength: coordinateLength)
                let value = CloserProfileV1.publicKeyPrefix + Base64.encode(bytes, .url)
                let keyset = try #require(WrittenPublicKeysetLayout.keyset(pubValue: value), "id \(keyID)")
                #expect(keyset.serializedBytes == bytes, "id \(keyID), \(coordinateLength)")
                #expect(PubV1.encode(keyset) == value)
                Self.expectPubAgreement(value, "id \(keyID), \(coordinateLength)-byte coordinates")
            }
        }
    }

    @Test("pub:v1 values: every one-character change, deletion, insertion and truncation agree")
    func pubValueMutationsAgree() {
        let point = Self.point("layout-pub-mutations")
        for coordinateLength in [32, 33] {
            let value = Array(
                (CloserProfileV1.publicKeyPrefix
                    + Base64.encode(Self.keyset(point, keyID: 0x0a0b_0c0d, coordinateLength: coordinateLength), .url))
                    .utf8)
            func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
            // Other alphabet, padding, whitespace, a symbol of each class, a non-ASCII byte.
            let replacements: [UInt8] = Array("+/=  Aa0-_:".utf8) + [0x00, 0xc3]
            for index in value.indices {
                for r in replacements where r != value[index] {
                    var changed = value
                    changed[index] = r
                    Self.expectPubAgreement(text(changed), "\(coordinateLength): char \(index) -> \(r)")
                }
                var deleted = value
                deleted.remove(at: index)
                Self.expectPubAgreement(text(deleted), "\(coordinateLength): char \(index) deleted")
                var inserted = value
                inserted.insert(UInt8(ascii: "A"), at: index)
                Self.expectPubAgreement(text(inserted), "\(coordinateLength): A inserted at \(index)")
                Self.expectPubAgreement(text(Array(value[..<index])), "\(coordinateLength): truncated to \(index)")
            }
            Self.expectPubAgreement(text(value + Array("=".utf8)), "\(coordinateLength): padded")
            // A bridged or non-contiguous string takes the general path with the same answer.
            Self.expectPubAgreement(String(Substring(text(value))), "\(coordinateLength): substring")
        }
    }
}
