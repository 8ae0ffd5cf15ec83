// Unknown request members are `malformed_request` naming the member (specs/harness.md
// §Framing), and each op's allowed fields are exactly its declaration (the op table).

import CloserWire
import Foundation
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

@Suite("Harness request fields")
struct HarnessUnknownFieldTests {
    static let server = HarnessServer()

    static func response(_ line: String) throws -> [String: JSONValue] {
        guard case .object(let o) = try JSONValue(parsing: Array(server.respond(toLine: Array(line.utf8)).utf8))
        else { throw CloserError(.harnessMalformedRequest, "not an object") }
        return o
    }

    static func detail(_ o: [String: JSONValue]) -> String? {
        guard case .object(let e)? = o["error"] else { return nil }
        return e["detail"]?.stringValue
    }

    static func message(_ o: [String: JSONValue]) -> String {
        guard case .object(let e)? = o["error"] else { return "" }
        return e["message"]?.stringValue ?? ""
    }

    static let keyset =
        "08f8acd1910112640a580a30747970652e676f6f676c65617069732e636f6d2f676f6f676c652e63727970746f2e74696e6b2e41657347636d4b657912221a20000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f1801100118f8acd191012001"

    @Test("a misspelled iv is refused by name instead of falling back to a random IV")
    func misspelledIV() throws {
        let ok = try Self.response(
            #"{"id":1,"op":"aead.encrypt","keyset":"\#(Self.keyset)","plaintext":"00","aad":"","iv":"000102030405060708090a0b"}"#
        )
        #expect(ok["ok"] == .bool(true))
        let bad = try Self.response(
            #"{"id":2,"op":"aead.encrypt","keyset":"\#(Self.keyset)","plaintext":"00","aad":"","IV":"000102030405060708090a0b"}"#
        )
        #expect(bad["ok"] == .bool(false))
        #expect(bad["id"] == .number(2))
        #expect(Self.detail(bad) == "harness.malformed_request")
        #expect(Self.message(bad).contains(#""IV""#))
    }

    @Test("a hostile field name is quoted bounded and escaped")
    func hostileFieldName() throws {
        let name = "\\u001b]0;x\\u0007" + String(repeating: "n", count: 500)
        let bad = try Self.response(#"{"id":3,"op":"canonicalize","json":"1","\#(name)":1}"#)
        #expect(Self.detail(bad) == "harness.malformed_request")
        let message = Self.message(bad)
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(message.count < 200)
    }

    @Test("backend is allowed exactly on the ops that run Argon2id")
    func backend() throws {
        let phrase = try Self.response(#"{"id":4,"op":"phrase.normalize","input":"x","backend":"default"}"#)
        #expect(Self.detail(phrase) == "harness.malformed_request")
        // Reaches argon2id.md's bounds: the backend field itself was accepted.
        let argon = try Self.response(
            #"{"id":5,"op":"argon2id","password":"","salt":"","memoryKiB":0,"iterations":1,"parallelism":1,"length":32,"backend":"default"}"#
        )
        #expect(Self.detail(argon) == "argon2.memory_out_of_range")
        for op in HarnessOps.closer {
            #expect(op.spec.allowedFields.contains("backend") == op.spec.runsArgon2, "\(op.name)")
        }
    }

    @Test("the op table of specs/harness.md is the declarations' (generate --specs splices it)")
    func pageIsTheTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("specs/harness.md"), encoding: .utf8)
        #expect(page.contains(HarnessOpTable.markdown(AppProfile.closer.tableSpecs)))
        let served = Set(HarnessServer.ops(of: [.closer]).map(\.name))
        #expect(served == Set(AppProfile.closer.ops.map(\.name)))
        #expect(served.count == AppProfile.closer.ops.count, "an op is declared twice")
    }
}
