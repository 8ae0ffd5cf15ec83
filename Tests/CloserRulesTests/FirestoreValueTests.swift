// specs/rules.md §"Value model": plain JSON, the four REST wrappers, malformed wrappers.

import CloserWire
import Testing

@testable import CloserRules

@Suite struct FirestoreValueTests {
    @Test func plainJSONMapsNaturally() throws {
        let v = try FirestoreValue(json: json(#"{"a":null,"b":true,"c":"s","d":[1,2.5],"e":{"f":-3}}"#))
        #expect(
            v
                == .map([
                    "a": .null, "b": .boolean(true), "c": .string("s"), "d": .array([.integer(1), .double(2.5)]),
                    "e": .map(["f": .integer(-3)]),
                ]))
    }

    @Test func numbersAreIntegersOnlyInTheSafeRange() throws {
        #expect(try FirestoreValue(json: json("9007199254740991")) == .integer(9_007_199_254_740_991))
        #expect(try FirestoreValue(json: json("9007199254740992")) == .double(9_007_199_254_740_992))
        #expect(try FirestoreValue(json: json("2.0")) == .integer(2))
        #expect(try FirestoreValue(json: json("-0")) == .double(-0.0))
        #expect(try FirestoreValue(json: json("1e300")) == .double(1e300))
    }

    @Test func intAndFloatCompareNumerically() {
        #expect(FirestoreValue.integer(2).rulesEquals(.double(2.0)))
        #expect(!FirestoreValue.integer(2).rulesEquals(.string("2")))
        #expect(FirestoreValue.map(["a": .integer(1)]).rulesEquals(.map(["a": .double(1)])))
        #expect(!FirestoreValue.array([.integer(1)]).rulesEquals(.array([.integer(1), .integer(2)])))
    }

    @Test(arguments: [
        ("2025-03-14T18:00:00Z", Int64(1_741_975_200), Int32(0), "2025-03-14T18:00:00Z"),
        ("2025-03-14T18:05:30.250Z", 1_741_975_530, 250_000_000, "2025-03-14T18:05:30.250Z"),
        ("2025-03-14T13:00:00-05:00", 1_741_975_200, 0, "2025-03-14T18:00:00Z"),
        ("2024-02-29T00:00:00.000001Z", 1_709_164_800, 1000, "2024-02-29T00:00:00.000001Z"),
        ("1969-12-31T23:59:59.999999999Z", -1, 999_999_999, "1969-12-31T23:59:59.999999999Z"),
        ("0001-01-01T00:00:00Z", -62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59Z", 253_402_300_799, 0, "9999-12-31T23:59:59Z"),
    ])
    func timestampValue(text: String, seconds: Int64, nanos: Int32, canonical: String) throws {
        let v = try FirestoreValue(json: .object(["timestampValue": .string(text)]))
        let t = try FirestoreTimestamp(seconds: seconds, nanos: nanos)
        #expect(v == .timestamp(t))
        #expect(t.rfc3339 == canonical)
    }

    @Test(arguments: [
        "2025-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-03-14T24:00:00Z", "2025-03-14T23:59:60Z",
        "2025-03-14 18:00:00Z", "2025-03-14T18:00:00", "2025-03-14T18:00:00.Z", "2025-03-14T18:00:00.1234567890Z",
        "2025-03-14t18:00:00z", "0000-12-31T23:59:59Z", "2025-03-14T18:00:00+24:00", "2025-03-14T18:00:00ZZ", "",
        "0001-01-01T00:00:00+00:01",
    ])
    func malformedTimestampsAreRefused(text: String) {
        #expect(throws: CloserError.self) { try FirestoreValue(json: .object(["timestampValue": .string(text)])) }
    }

    @Test func otherWrappers() throws {
        #expect(try FirestoreValue(json: json(#"{"bytesValue":"AAEC"}"#)) == .bytes([0, 1, 2]))
        #expect(
            try FirestoreValue(
                json: json(#"{"referenceValue":"projects/p/databases/(default)/documents/users/alice"}"#))
                == .reference(try DocumentPath(parsing: "users/alice")))
        #expect(try FirestoreValue(json: json(#"{"referenceValue":"users/alice"}"#)).typeName == "path")
        #expect(
            try FirestoreValue(json: json(#"{"geoPointValue":{"latitude":41.5,"longitude":-87}}"#))
                == .geoPoint(try FirestoreGeoPoint(latitude: 41.5, longitude: -87)))
    }

    @Test(arguments: [
        #"{"timestampValue":5}"#, #"{"bytesValue":"AAE"}"#, #"{"bytesValue":"AA-_"}"#, #"{"bytesValue":true}"#,
        #"{"referenceValue":"users"}"#, #"{"referenceValue":"users//x"}"#, #"{"referenceValue":7}"#,
        #"{"geoPointValue":{"latitude":91,"longitude":0}}"#, #"{"geoPointValue":{"latitude":0}}"#,
        #"{"geoPointValue":{"latitude":0,"longitude":0,"altitude":1}}"#, #"{"geoPointValue":[0,0]}"#, "[[1]]",
    ])
    func malformedWrappersAreErrorsNotMaps(text: String) {
        #expect(throws: CloserError.self) { try FirestoreValue(json: json(text)) }
    }

    @Test func aWrapperKeyBesideAnotherMemberIsAMap() throws {
        let v = try FirestoreValue(json: json(#"{"timestampValue":5,"other":1}"#))
        #expect(v == .map(["timestampValue": .integer(5), "other": .integer(1)]))
        #expect(try FirestoreValue(json: json(#"{"integerValue":"5"}"#)) == .map(["integerValue": .string("5")]))
    }

    @Test func documentsMustBeObjects() throws {
        #expect(throws: CloserError.self) { try FirestoreDocument(json: .array([])) }
        #expect(throws: CloserError.self) { try FirestoreDocument(json: .string("x")) }
        let wrapped = try json(#"{"timestampValue":"2025-03-14T18:00:00Z"}"#)
        #expect(throws: CloserError.self) { try FirestoreDocument(json: wrapped) }
    }

    @Test func nestingBeyondTwentyIsRefused() throws {
        func nested(_ depth: Int) -> JSONValue {
            var v = JSONValue.string("x")
            for _ in 0..<depth { v = .object(["a": v]) }
            return v
        }
        _ = try FirestoreValue(json: nested(20))
        #expect(throws: CloserError.self) { try FirestoreValue(json: nested(21)) }
    }

    @Test func roundTripThroughJSON() throws {
        let text =
            #"{"a":{"timestampValue":"2025-03-14T18:05:30.250Z"},"b":{"bytesValue":"AAEC"},"c":{"referenceValue":"users/alice"},"d":[1,"x",null]}"#
        let doc = try document(text)
        #expect(try FirestoreDocument(json: doc.json) == doc)
    }

    @Test func affectedKeys() throws {
        let before = try document(#"{"a":1,"b":"x","c":true}"#)
        let after = try document(#"{"a":1.0,"b":"y","d":null}"#)
        #expect(before.affectedKeys(to: after) == ["b", "c", "d"])
    }
}
