// specs/argon2id.md §"kdfParams".

import CloserWire
import Testing

@Suite("kdfParams PHC string")
struct KDFParamsTests {
    @Test("the production string parses and writes back byte for byte")
    func roundTrip() throws {
        let p = try KDFParams(parsing: "$argon2id$v=19$m=46080,t=3,p=1")
        #expect(p.memoryKiB == 46080 && p.iterations == 3 && p.parallelism == 1)
        #expect(p.string == "$argon2id$v=19$m=46080,t=3,p=1")
        // The reader bounds' corners (m ≤ 65536, t ≤ 4, p ≤ 2).
        for (m, t, par) in [(8, 1, 1), (65536, 4, 2), (16, 1, 2)] {
            let k = try KDFParams(memoryKiB: m, iterations: t, parallelism: par)
            #expect(try KDFParams(parsing: k.string) == k)
        }
    }

    @Test(
        "every deviation is refused with its named code",
        arguments: [
            ("", CloserError.Code.kdfParamsMalformed),
            ("argon2id$v=19$m=46080,t=3,p=1", .kdfParamsMalformed),
            ("$argon2i$v=19$m=46080,t=3,p=1", .kdfParamsUnknownAlgorithm),
            ("$argon2d$v=19$m=46080,t=3,p=1", .kdfParamsUnknownAlgorithm),
            ("$Argon2id$v=19$m=46080,t=3,p=1", .kdfParamsUnknownAlgorithm),
            ("$scrypt$ln=15,r=8,p=1", .kdfParamsUnknownAlgorithm),
            ("$argon2id", .kdfParamsMissingVersion),
            ("$argon2id$m=46080,t=3,p=1", .kdfParamsMissingVersion),
            ("$argon2id$v=16$m=46080,t=3,p=1", .kdfParamsUnsupportedVersion),
            ("$argon2id$v=20$m=46080,t=3,p=1", .kdfParamsUnsupportedVersion),
            ("$argon2id$v=019$m=46080,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=$m=46080,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19", .kdfParamsMissingField),
            ("$argon2id$v=19$m=46080,t=3", .kdfParamsMissingField),
            ("$argon2id$v=19$t=3,p=1", .kdfParamsMissingField),
            ("$argon2id$v=19$m=46080,t=3,p=1,k=2", .kdfParamsUnknownField),
            ("$argon2id$v=19$m=46080,t=3,p=1,data=aGk", .kdfParamsUnknownField),
            ("$argon2id$v=19$M=46080,t=3,p=1", .kdfParamsUnknownField),
            ("$argon2id$v=19$m=46080,m=46080,t=3,p=1", .kdfParamsDuplicateField),
            ("$argon2id$v=19$m=46080,t=3,p=1,p=1", .kdfParamsDuplicateField),
            ("$argon2id$v=19$t=3,m=46080,p=1", .kdfParamsFieldOrder),
            ("$argon2id$v=19$m=46080,p=1,t=3", .kdfParamsFieldOrder),
            ("$argon2id$v=19$m=046080,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=46080,t=03,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=+46080,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=-1,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=4.6e4,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=0x10,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=99999999999,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=4294967296,t=3,p=1", .kdfParamsInvalidNumber),
            ("$argon2id$v=19$m=46080,t=3,p=1$", .kdfParamsTrailingSegment),
            ("$argon2id$v=19$m=46080,t=3,p=1$c2FsdHNhbHQ$aGFzaA", .kdfParamsTrailingSegment),
            ("$argon2id$v=19$m=46080,,t=3,p=1", .kdfParamsMalformed),
            ("$argon2id$v=19$m46080,t=3,p=1", .kdfParamsMalformed),
            ("$argon2id$v=19$m=46080,t=3,p=1,", .kdfParamsMalformed),
            ("$$argon2id$v=19$m=46080,t=3,p=1", .kdfParamsUnknownAlgorithm),
            (" $argon2id$v=19$m=46080,t=3,p=1", .kdfParamsInvalidCharacter),
            ("$argon2id$v=19$m=46080,t=3,p=1\n", .kdfParamsInvalidCharacter),
            ("$argon2id$v=19$m=46080, t=3,p=1", .kdfParamsInvalidCharacter),
            ("$argon2id$v=19$m=４6080,t=3,p=1", .kdfParamsInvalidCharacter),
            ("$argon2id$v=19$m=46080,t=3,p=1\u{0}", .kdfParamsInvalidCharacter),
            ("$argon2id$v=19$m=46080,t=3,p=1" + String(repeating: "0", count: 40), .kdfParamsTooLong),
            // Inside the grammar but outside the bounds.
            ("$argon2id$v=19$m=4294967295,t=3,p=1", .argon2MemoryOutOfRange),
            ("$argon2id$v=19$m=1048577,t=3,p=1", .argon2MemoryOutOfRange),
            ("$argon2id$v=19$m=0,t=3,p=1", .argon2MemoryOutOfRange),
            ("$argon2id$v=19$m=8,t=3,p=2", .argon2MemoryOutOfRange),
            ("$argon2id$v=19$m=46080,t=4294967295,p=1", .argon2IterationsOutOfRange),
            ("$argon2id$v=19$m=46080,t=11,p=1", .argon2IterationsOutOfRange),
            ("$argon2id$v=19$m=46080,t=0,p=1", .argon2IterationsOutOfRange),
            ("$argon2id$v=19$m=46080,t=3,p=0", .argon2ParallelismOutOfRange),
            ("$argon2id$v=19$m=46080,t=3,p=255", .argon2ParallelismOutOfRange),
            // Inside the wide bounds but above the reader bounds (m ≤ 65536, t ≤ 4, p ≤ 2).
            ("$argon2id$v=19$m=1048576,t=10,p=16", .kdfParamsCostTooHigh),
            ("$argon2id$v=19$m=1048576,t=3,p=1", .kdfParamsCostTooHigh),
            ("$argon2id$v=19$m=65537,t=3,p=1", .kdfParamsCostTooHigh),
            ("$argon2id$v=19$m=46080,t=5,p=1", .kdfParamsCostTooHigh),
            ("$argon2id$v=19$m=46080,t=10,p=1", .kdfParamsCostTooHigh),
            ("$argon2id$v=19$m=46080,t=3,p=3", .kdfParamsCostTooHigh),
            ("$argon2id$v=19$m=1024,t=2,p=4", .kdfParamsCostTooHigh),
        ])
    func refused(text: String, code: CloserError.Code) {
        let error = expectCode(code) { () throws(CloserError) in try KDFParams(parsing: text) }
        #expect(error?.category == .invalidParameters)
    }

    @Test("a very long hostile string is refused by its length alone")
    func huge() {
        let text = "$argon2id$v=19$m=" + String(repeating: "9", count: 10_000_000) + ",t=3,p=1"
        // The length check is the first (specs/errors.md): its code shows no digit was parsed.
        expectCode(.kdfParamsTooLong) { () throws(CloserError) in try KDFParams(parsing: text) }
    }
}
