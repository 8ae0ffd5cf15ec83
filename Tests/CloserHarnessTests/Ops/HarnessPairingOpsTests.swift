// The pairing ops of harness protocol v1 (specs/harness.md; couple-key-wrap.md,
// recovery-phrase.md, invite-phrase.md, argon2id.md): fields, results and error categories.
// Byte-exactness against an independent implementation: oracles/python/test_couple_key.py.

import CloserWire
import Testing

@testable import CloserConformance
@testable import CloserHarness
@testable import CloserVectorModel

@Suite("harness ops: pairing")
struct HarnessCoupleKeyOpsTests {
    let server = HarnessServer()

    func call(_ line: String) throws -> JSONValue {
        try JSONValue(parsing: server.respond(toLine: Array(line.utf8)))
    }

    func errorCode(_ response: JSONValue) -> String? { response["error"]?["code"]?.stringValue }

    @Test("info lists the pairing ops")
    func info() throws {
        let response = try call(#"{"id":1,"op":"info"}"#)
        guard case .array(let ops)? = response["ops"] else {
            Issue.record("no ops")
            return
        }
        let names = Set(ops.compactMap(\.stringValue))
        for op in [
            "argon2id", "couplekey.wrap", "couplekey.unwrap", "phrase.fromEntropy", "phrase.normalize",
            "invite.encrypt", "invite.decrypt",
        ] {
            #expect(names.contains(op), "\(op)")
        }
    }

    @Test("phrase.fromEntropy and phrase.normalize")
    func phrase() throws {
        let a = try call(#"{"id":1,"op":"phrase.fromEntropy","entropy":"00010203040506070809"}"#)
        #expect(a["phrase"]?.stringValue == "acorn album alpine anchor animal apple apron arena arrow artist")
        let b = try call(
            #"{"id":2,"op":"phrase.normalize","input":"  ACORN album\talpine anchor animal apple apron arena arrow artist\n"}"#
        )
        #expect(b["phrase"]?.stringValue == "acorn album alpine anchor animal apple apron arena arrow artist")
        #expect(b["entropy"]?.stringValue == "00010203040506070809")
        let c = try call(#"{"id":3,"op":"phrase.normalize","input":"acorn album"}"#)
        #expect(errorCode(c) == "decode_error")
        let d = try call(#"{"id":4,"op":"phrase.fromEntropy","entropy":"0001"}"#)
        #expect(errorCode(d) == "invalid_parameters")
    }

    @Test("argon2id at a cheap cost through each backend; out-of-bounds parameters are invalid_parameters")
    func argon2id() throws {
        var keys: Set<String> = []
        for backend in ["default", "libargon2", "libsodium"] {
            let r = try call(
                #"{"id":1,"op":"argon2id","password":"70617373","salt":"000102030405060708090a0b0c0d0e0f","memoryKiB":64,"iterations":2,"parallelism":1,"length":32,"backend":"\#(backend)"}"#
            )
            if let key = r["key"]?.stringValue { keys.insert(key) }
        }
        #expect(keys.count == 1)
        for hostile in [
            #""memoryKiB":4294967296,"iterations":3,"parallelism":1,"length":32"#,
            #""memoryKiB":46080,"iterations":100000,"parallelism":1,"length":32"#,
            #""memoryKiB":46080,"iterations":3,"parallelism":1000,"length":32"#,
            #""memoryKiB":46080,"iterations":3,"parallelism":1,"length":100000"#,
            #""memoryKiB":-5,"iterations":3,"parallelism":1,"length":32"#,
        ] {
            let r = try call(
                #"{"id":2,"op":"argon2id","password":"","salt":"00000000000000000000000000000000",\#(hostile)}"#)
            #expect(errorCode(r) == "invalid_parameters", "\(hostile)")
        }
        let bad = try call(
            #"{"id":3,"op":"argon2id","password":"","salt":"0000000000000000","memoryKiB":64,"iterations":1,"parallelism":1,"length":32,"backend":"scrypt"}"#
        )
        #expect(errorCode(bad) == "malformed_request")
        let sodium = try call(
            #"{"id":4,"op":"argon2id","password":"","salt":"0000000000000000","memoryKiB":64,"iterations":1,"parallelism":2,"length":32,"backend":"libsodium"}"#
        )
        #expect(errorCode(sodium) == "unsupported")
    }

    @Test("couplekey.unwrap refuses hostile documents before Argon2")
    func unwrapErrors() throws {
        let base = #""wrappedCoupleKey":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwd","phrase":"x""#
        let cases = [
            (
                #""kdfSalt":"AAECAwQFBgcICQoLDA0ODw==","kdfParams":"$argon2id$v=19$m=2097152,t=3,p=1""#,
                "invalid_parameters"
            ),
            (
                #""kdfSalt":"AAECAwQFBgcICQoLDA0ODw==","kdfParams":"$argon2id$v=19$m=46080,t=3000,p=1""#,
                "invalid_parameters"
            ),
            (#""kdfSalt":"AAECAwQFBgcICQoLDA0ODw","kdfParams":"$argon2id$v=19$m=46080,t=3,p=1""#, "decode_error"),
            (#""kdfSalt":"AAECAwQFBgcICQoL","kdfParams":"$argon2id$v=19$m=46080,t=3,p=1""#, "invalid_parameters"),
        ]
        for (fields, expected) in cases {
            let r = try call(#"{"id":1,"op":"couplekey.unwrap",\#(base),\#(fields)}"#)
            #expect(errorCode(r) == expected, "\(fields)")
        }
    }

    @Test("invite codes outside the rules' pattern are invalid_parameters")
    func inviteCode() throws {
        let r = try call(#"{"id":1,"op":"invite.decrypt","code":"AB-234","value":"AAAA"}"#)
        #expect(errorCode(r) == "invalid_parameters")
    }
}
