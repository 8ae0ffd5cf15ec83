// What `closer-spec report` reads, as one model: harness runs (results v1 or v2), explore runs and
// interop runs. Every string in it is untrusted (a port's or a vector directory's text); the
// renderer escapes each one. Normative: specs/report.md §"Results formats".

import CloserWire

/// One test's line of a harness results file.
package struct ReportTest: Sendable, Equatable {
    package var suite = ""
    package var tcID = 0
    /// passed, failed, divergence (or skipped).
    package var status = ""
    package var comment = ""
    package var flags: [String] = []
    package var message = ""
    package var layer: String? = nil
    package var detailNote: String? = nil
    /// v2 only (nil or empty in v1).
    package var contentID: String? = nil
    package var expectationDigest: String? = nil
    package var decisionIDs: [String] = []
    package var failedStep: Int? = nil
    package var request: JSONValue? = nil
    package var expected: JSONValue? = nil
    package var actual: JSONValue? = nil
    package var actualBytes: Int? = nil

    package init() {}

    package var failed: Bool { status == "failed" }
}

/// One suite's counts in a harness results file.
package struct ReportSuite: Sendable, Equatable {
    package var name = ""
    package var profile: String? = nil
    package var passed = 0
    package var failed = 0
    package var skipped = 0
    package var divergences = 0
    package var skippedBecause: String? = nil
    package var layers: [String] = []
    package var decisionIDs: [String] = []
    package var bugTypes: [String: String] = [:]

    package init() {}
}

/// A harness results file.
package struct HarnessRun: Sendable, Equatable {
    /// The file it was read from (for the page's provenance line).
    package var source = ""
    /// 1 (no `formatVersion` member) or 2.
    package var formatVersion = 1
    package var implementation = ""
    package var portCommand: String? = nil
    /// The ManualConflict readings the port was run under (empty: every conflict pinned).
    package var readings: [String: String] = [:]
    package var ops: [String] = []
    package var suites: [ReportSuite] = []
    package var tests: [ReportTest] = []
    package var vectorSets: [VectorSetRecord] = []
    package var staleKnownFailures: [String] = []

    package init() {}

    package var passed: Int { suites.reduce(0) { $0 + $1.passed } }
    package var failed: Int { suites.reduce(0) { $0 + $1.failed } }
    package var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
    package var divergences: Int { suites.reduce(0) { $0 + $1.divergences } }

    /// The profile a suite belongs to: its own member (v2), else the vector set listing it, else
    /// `closer` (v1 files do not say).
    package func profile(of suite: ReportSuite) -> String {
        if let p = suite.profile { return p }
        return vectorSets.first { $0.suites.contains { $0.name == suite.name } }?.profile ?? "closer"
    }
}

/// One finding of an explore results file.
package struct ReportFinding: Sendable, Equatable {
    package var kind = ""
    package var port = ""
    package var implementation = ""
    package var op = ""
    package var caseIndex = 0
    package var mutation = ""
    package var input: JSONValue = .null
    package var reference: JSONValue = .null
    package var message = ""
    package var layer: String? = nil
    package var similarCases = 0

    package init() {}
}

/// An explore results file.
package struct ExploreRun: Sendable, Equatable {
    package var source = ""
    package var seed: Double = 0
    package var ports: [(command: String, implementation: String)] = []
    package var cases = 0
    package var findings: [ReportFinding] = []

    package init() {}

    package static func == (a: ExploreRun, b: ExploreRun) -> Bool {
        a.source == b.source && a.seed == b.seed && a.cases == b.cases && a.findings == b.findings
            && a.ports.map(\.command) == b.ports.map(\.command)
            && a.ports.map(\.implementation) == b.ports.map(\.implementation)
    }
}

/// One mismatch of an interop pair.
package struct ReportInteropMismatch: Sendable, Equatable {
    package var input: JSONValue = .null
    package var produced: JSONValue = .null
    package var consumed: JSONValue = .null
    package var layer: String? = nil
    package var message = ""
    package var reproduce = ""
}

/// One ordered pair and flow of an interop results file.
package struct ReportInteropPair: Sendable, Equatable {
    package var producer = ""
    package var consumer = ""
    package var flow = ""
    package var cases = 0
    package var passed = 0
    package var failed = 0
    package var mismatches: [ReportInteropMismatch] = []
}

/// An interop results file (`"format": "closer-spec-interop"`).
package struct ReportInteropRun: Sendable, Equatable {
    package var source = ""
    package var seed: Double = 0
    package var ports: [String] = []
    package var pairs: [ReportInteropPair] = []

    package init() {}
}

/// Everything one report is made of.
package struct ReportInputs: Sendable, Equatable {
    package var harness: [HarnessRun] = []
    package var explore: [ExploreRun] = []
    package var interop: [ReportInteropRun] = []

    package init() {}
}
