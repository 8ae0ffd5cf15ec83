// What results v2 records of a run besides its tests: the port's command and each vector set run
// (profile, version, MANIFEST.json digest, its suites' layers and cited decision ids).
// Normative: specs/report.md §"Results formats".

import CloserVectorModel
import CloserWire

/// One suite of a vector set as the report shows it.
package struct SuiteRecord: Sendable, Equatable {
    package let name: String
    /// The layers its flags' notes name, sorted.
    package let layers: [String]
    /// Decision ids its header cites, sorted.
    package let decisionIDs: [String]
    /// Each flag's bug type (its note's `bugType`).
    package var bugTypes: [String: String] = [:]
}

/// One vector set a run read.
package struct VectorSetRecord: Sendable, Equatable {
    package let profile: String
    package let version: String?
    /// Lowercase hex SHA-256 of its MANIFEST.json.
    package let manifestSHA256: String?
    package let suites: [SuiteRecord]

    /// The record of `set` for the suites of it that were loaded.
    package init(set: VectorDirectory, loaded: [LoadedSuite]) {
        profile = set.profile
        version = VectorManifest.version(set)
        manifestSHA256 = set.manifest.map { Hex.encode(sha256($0)) }
        suites = loaded.map { suite in
            let layers = Set(suite.notes.values.compactMap { $0.layer?.rawValue })
            return SuiteRecord(
                name: suite.name, layers: layers.sorted(),
                decisionIDs: Set(DecisionID.citations(in: suite.header)).sorted(),
                bugTypes: suite.notes.mapValues(\.bugType).filter { !$0.value.isEmpty })
        }
    }

    package init(profile: String, version: String?, manifestSHA256: String?, suites: [SuiteRecord]) {
        self.profile = profile
        self.version = version
        self.manifestSHA256 = manifestSHA256
        self.suites = suites
    }
}

/// The run: the port's command and the sets read (empty when the caller did not say).
package struct RunRecord: Sendable, Equatable {
    package var portCommand: String? = nil
    package var vectorSets: [VectorSetRecord] = []
    /// The ManualConflict readings chosen with `--reading` (decision id → `manual`/`pinned`;
    /// empty: every conflict pinned). specs/harness.md §"Readings".
    package var readings: [String: String] = [:]

    package init(portCommand: String? = nil, vectorSets: [VectorSetRecord] = [], readings: [String: String] = [:]) {
        self.portCommand = portCommand
        self.vectorSets = vectorSets
        self.readings = readings
    }
}
