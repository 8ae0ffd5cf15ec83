// The smoke tier: the tests the kill matrices of the sets run name as the smallest subset that
// still kills every known mutant (specs/harness.md §"Tiers", specs/vectors.md §"Kill matrix").

import CloserVectorModel
import CloserWire

/// The smoke lists of the kill matrices of every set a run reads.
package struct SmokeTier: Sendable {
    /// Each set's kill matrix, in the order of the sets.
    package let matrices: [KillMatrix]
    package let tests: Set<KillMatrix.TestRef>

    /// The tier of `sets`: each must carry a kill matrix (`vectors.kill_matrix_missing`
    /// otherwise), read and digest-checked with the set (VectorManifest).
    package init(sets: [VectorDirectory]) throws(CloserError) {
        var matrices: [KillMatrix] = []
        for set in sets {
            guard let bytes = set.killMatrix else {
                throw CloserError(
                    .killMatrixMissing, "\(set.path) has no \(KillMatrix.fileName): the smoke tier needs one per set")
            }
            matrices.append(try KillMatrix(parsing: bytes, file: set.path + "/" + KillMatrix.fileName))
        }
        self.matrices = matrices
        tests = Set(matrices.flatMap(\.smoke))
    }

    /// The suites the tier has tests in: the only ones a smoke run loads.
    package var suiteNames: Set<String> { Set(tests.map(\.suite)) }

    /// Every smoke test (of the suites in `only`, when given) that is not a test of the suites
    /// loaded for its set with its content id: `vectors.kill_matrix_unknown_test`. `loaded[i]`
    /// are the suites of `sets[i]`.
    package func problems(_ sets: [VectorDirectory], loaded: [[LoadedSuite]], only: Set<String>?) -> [CloserError] {
        zip(matrices, zip(sets, loaded)).flatMap { matrix, pair in
            let refs = matrix.smoke.filter { only?.contains($0.suite) ?? true }
            return matrix.problems(profile: pair.0.profile, suites: pair.1, checking: refs)
        }
    }

    /// The suites narrowed to the tier's tests; suites with none of them are dropped.
    package func narrow(_ suites: [LoadedSuite]) -> [LoadedSuite] {
        let wanted = Set(tests.map { "\($0.suite)\u{0}\($0.tcID)" })
        return suites.map { s in s.keeping { wanted.contains("\(s.name)\u{0}\($0)") } }.filter { !$0.tests.isEmpty }
    }
}
