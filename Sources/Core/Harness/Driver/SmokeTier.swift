// The smoke tier: the tests a kill matrix names as the smallest subset that still kills every
// known mutant (specs/harness.md §"Tiers", specs/vectors.md §"Kill matrix").

import CloserVectorModel
import CloserWire
import Foundation

extension CloserError.Code {
    package static let killMatrixMalformed = Self("vectors.kill_matrix_malformed", .decodeError)
}

/// The (suite, tcId) pairs of the `smoke` lists of every kill-matrix file in a directory.
package struct SmokeTier: Sendable {
    package struct TestID: Hashable, Sendable {
        package let suite: String
        package let tcID: Int
    }

    package let tests: Set<TestID>

    /// Reads every `*.json` in `directory` (kill-matrix-v1: `{"smoke": [{"suite", "tcId", …}]}`)
    /// through `BoundedFile`; a missing directory, a file that is not a kill matrix or an entry
    /// without a suite and an integer tcId is `vectors.kill_matrix_malformed`.
    package init(directory: String) throws(CloserError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw CloserError(.killMatrixMalformed, "cannot list the kill-matrix directory \(directory)")
        }
        var tests: Set<TestID> = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let bytes = try BoundedFile.read(
                directory + "/" + name, limit: BoundedFile.maximumVectorFileBytes, budget: .vectors(), links: .refuse)
            tests.formUnion(try Self.smoke(of: JSONValue(parsing: bytes), file: name))
        }
        self.tests = tests
    }

    static func smoke(of doc: JSONValue, file: String) throws(CloserError) -> [TestID] {
        guard doc["schema"]?.stringValue == "kill-matrix-v1", case .array(let entries)? = doc["smoke"]
        else { throw CloserError(.killMatrixMalformed, "\(file): not a kill-matrix-v1 file with a smoke list") }
        var out: [TestID] = []
        for entry in entries {
            guard let suite = entry["suite"]?.stringValue, case .number(let n)? = entry["tcId"],
                n == n.rounded(), n >= 0, n < 1e9
            else { throw CloserError(.killMatrixMalformed, "\(file): a smoke entry without suite and tcId") }
            out.append(TestID(suite: suite, tcID: Int(n)))
        }
        return out
    }

    /// The suites narrowed to the tier's tests; suites with none of them are dropped.
    package func narrow(_ suites: [LoadedSuite]) -> [LoadedSuite] {
        suites.map { s in s.keeping { tests.contains(TestID(suite: s.name, tcID: $0)) } }.filter { !$0.tests.isEmpty }
    }
}
