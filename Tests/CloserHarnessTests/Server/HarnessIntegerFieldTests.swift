// Integer fields of harness requests (specs/harness.md §Framing): a JSON number whose exact
// decimal value is an integer in range; the parsed double alone cannot tell (1e-400 and
// 1.0000000000000000001 round to integers). Request lines use the strict I-JSON parser.

import CloserWire
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

@Suite("Harness integer fields and strict request parsing")
struct HarnessIntegerFieldTests {
    static func keyID(_ literal: String, extra: String = "") throws -> UInt32 {
        let line =
            #"{"id":1,"op":"aead.keyset","#
            + extra + #""key":"000102030405060708090a0b0c0d0e0f","keyId":"# + literal + "}"
        return try HarnessRequest(line: Array(line.utf8)).uint32("keyId")
    }

    static func isMalformed(_ body: () throws -> Void) -> Bool {
        do { try body() } catch let e as CloserError { return e.code == .harnessMalformedRequest } catch {
            return false
        }
        return false
    }

    @Test func integralLiteralsInAnySpellingAreIntegers() throws {
        let cases: [(String, UInt32)] = [
            ("1", 1), ("1.0", 1), ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("10e-1", 1),
            ("100e-2", 1), ("-0", 0), ("-0.0", 0), ("0e-999", 0), ("0.000e5", 0),
            ("4294967295", 4_294_967_295), ("4294967295.000", 4_294_967_295), ("42.5e1", 425),
        ]
        for (literal, want) in cases { #expect(try Self.keyID(literal) == want, "\(literal)") }
    }

    @Test func literalsWhoseExactValueIsNotAnIntegerAreMalformed() {
        for literal in [
            "1e-400", "-1e-400", "0.5", "1.0000000000000000001", "4294967295.0000000001", "100e-3",
            "1e-1000000000000", "42.55e1",
        ] {
            #expect(Self.isMalformed { _ = try Self.keyID(literal) }, "\(literal)")
        }
        for literal in ["-1", "4294967296", "1e10"] {
            #expect(Self.isMalformed { _ = try Self.keyID(literal) }, "\(literal) is out of range")
        }
    }

    @Test func onlyTheTopLevelMemberIsConsulted() throws {
        // A nested "keyId" and strings that look like JSON do not confuse the literal scan.
        let extra = #""x":{"keyId":0.5,"s":"}\",\"keyId\":0.5"},"y":["keyId",1e-400],"#
        #expect(try Self.keyID("7", extra: extra) == 7)
        #expect(Self.isMalformed { _ = try Self.keyID("7.5e-1", extra: extra) })
        // An escaped member name is the same name.
        let line = #"{"id":1,"op":"x","key\u0049d":1e-400}"#
        #expect(Self.isMalformed { _ = try HarnessRequest(line: Array(line.utf8)).uint32("keyId") })
    }

    @Test func strictIJSONFaultsAreMalformedRequests() {
        let lines: [[UInt8]] = [
            Array(#"{"id":1,"op":"info","x":NaN}"#.utf8),
            Array(#"{"id":1,"op":"info","id":2}"#.utf8),
            Array(#"{"id":1,"op":"info","x":"\ud800"}"#.utf8),
            Array(#"{"id":1,"op":"info","x":""#.utf8) + [0xff] + Array(#""}"#.utf8),
            Array(#"{"id":1,"op":"info","x":1e400}"#.utf8),
        ]
        for line in lines {
            #expect(Self.isMalformed { _ = try HarnessRequest(line: line) })
        }
    }
}
