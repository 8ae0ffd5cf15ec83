// A vector set's kill matrix (`kill-matrix.json`, listed in its MANIFEST.json under
// `killMatrix`): which known mutant each of the set's tests kills, and the set's part of the
// smoke tier. Parsed strictly; every test it names must be a test of the set with the same
// content id. Normative: specs/vectors.md §"Kill matrix", specs/harness.md §"Tiers".

import CloserVectorModel
import CloserWire

extension CloserError.Code {
    package static let killMatrixMalformed = Self("vectors.kill_matrix_malformed", .decodeError)
    package static let killMatrixUnknownTest = Self("vectors.kill_matrix_unknown_test", .malformedRequest)
    package static let killMatrixMissing = Self("vectors.kill_matrix_missing", .malformedRequest)
}

package struct KillMatrix: Sendable, Equatable {
    /// A test the matrix names: its suite, tcId and content id (specs/report.md §"Results formats").
    package struct TestRef: Hashable, Sendable {
        package let suite: String
        package let tcID: Int
        package let contentID: String
    }

    /// The file's name in its set's directory.
    package static let fileName = "kill-matrix.json"
    package static let schema = "kill-matrix-v1"

    /// The set the matrix is for (`closer` or an app profile's name).
    package let vectorSet: String
    /// Every test some mutant's `killedBy` names.
    package let killing: Set<TestRef>
    /// The set's smoke tests, in file order.
    package let smoke: [TestRef]

    /// Parses kill-matrix-v1 (specs/vectors.md §"Kill matrix"); anything else is
    /// `vectors.kill_matrix_malformed`, naming `file`.
    package init(parsing bytes: [UInt8], file: String) throws(CloserError) {
        let doc = try JSONValue(parsing: bytes)
        func malformed(_ why: String) -> CloserError { CloserError(.killMatrixMalformed, "\(file): \(why)") }
        guard doc["schema"]?.stringValue == Self.schema else { throw malformed("schema is not \(Self.schema)") }
        guard let set = doc["vectorSet"]?.stringValue else { throw malformed("no string vectorSet") }
        guard case .array(let mutants)? = doc["mutants"] else { throw malformed("no array mutants") }
        guard case .array(let smokeEntries)? = doc["smoke"] else { throw malformed("no array smoke") }
        var killing: Set<TestRef> = []
        for mutant in mutants {
            guard mutant["mutant"]?.stringValue != nil, mutant["kind"]?.stringValue != nil else {
                throw malformed("a mutant without string mutant and kind")
            }
            switch mutant["killedBy"] {
            case .null?: continue
            case .array(let kills)?:
                for kill in kills { killing.insert(try Self.testRef(kill, malformed)) }
            default: throw malformed("a mutant whose killedBy is neither null nor an array")
            }
        }
        vectorSet = set
        self.killing = killing
        smoke = try smokeEntries.map { (entry: JSONValue) throws(CloserError) -> TestRef in
            try Self.testRef(entry, malformed)
        }
    }

    static func testRef(_ entry: JSONValue, _ malformed: (String) -> CloserError) throws(CloserError) -> TestRef {
        guard let suite = entry["suite"]?.stringValue, let tcID = VectorFile.wholeNumber(entry["tcId"]),
            let contentID = entry["contentId"]?.stringValue, contentID.utf8.count == 64,
            contentID.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw malformed("a test entry without suite, integer tcId and a 64-hex contentId") }
        return TestRef(suite: suite, tcID: tcID, contentID: contentID)
    }

    /// What disagrees with the set `profile` whose suites are `suites`: a matrix for another set,
    /// or a named test that is not in them or whose content id differs
    /// (`vectors.kill_matrix_unknown_test`). Only the tests of suites in `suites` are checked when
    /// `refs` is given, only those tests are checked (the smoke tier checks its own).
    package func problems(profile: String, suites: [LoadedSuite], checking refs: [TestRef]? = nil) -> [CloserError] {
        let here = "\(profile)/\(Self.fileName)"
        guard vectorSet == profile else {
            return [CloserError(.killMatrixMalformed, "\(here) is the kill matrix of \(vectorSet), not of \(profile)")]
        }
        var tests: [String: [Int: LoadedTest]] = [:]
        for suite in suites {
            tests[suite.name] = Dictionary(suite.tests.map { ($0.tcID, $0) }, uniquingKeysWith: { a, _ in a })
        }
        var problems: [CloserError] = []
        let named = refs ?? (Array(killing) + smoke)
        for ref in Set(named).sorted(by: { ($0.suite, $0.tcID) < ($1.suite, $1.tcID) }) {
            guard let test = tests[ref.suite]?[ref.tcID] else {
                problems.append(
                    CloserError(
                        .killMatrixUnknownTest, "\(here) names \(ref.suite) tcId \(ref.tcID), not a test of the set"))
                continue
            }
            // Only the named tests' content ids are computed: a smoke run checks its few tests.
            let content = TestEvidence.contentID(suite: ref.suite, steps: test.steps)
            if content != ref.contentID {
                problems.append(
                    CloserError(
                        .killMatrixUnknownTest,
                        "\(here) names \(ref.suite) tcId \(ref.tcID) with content id \(ref.contentID.prefix(16))…, "
                            + "the set's test has \(content.prefix(16))…"))
            }
        }
        return problems
    }
}
