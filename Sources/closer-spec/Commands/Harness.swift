import ArgumentParser
import CloserHarness
import CloserVectorModel
import CloserWire
import Foundation
import ProfileRegistry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `closer-spec harness --port CMD`: drives a port through every suite its ops cover and names
/// the first layer that disagrees for each failure (specs/harness.md §"Driver").
struct Harness: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the golden vectors through a port speaking harness protocol v1.",
        discussion: """
            The port is started with /bin/sh -c CMD and must speak harness protocol v1 on stdin/stdout.
            Every test of every suite whose ops the port's info lists is run; failures name a layer
            (specs/vectors.md §Layers). The last line is 'N passed, N failed, N skipped'; the exit
            status is 1 on any failure that --known-failures does not list. The vectors root holds
            Closer's set and each app profile's in profiles/<name>/; --profile limits the run to some.
            Every file read must match its set's MANIFEST.json, and --manifest-sha256 pins the
            manifest itself; a mismatch, an unusable port or unreadable vectors exit 2. A run that
            executes no test exits 1 unless --allow-empty is given.
            """)

    @Option(help: "The command that starts the port.") var port: String
    @Option(help: "Only this suite (repeatable).") var suite: [String] = []
    @Option(help: "The vectors root (Closer's set; app profiles' sets in profiles/<name>/).")
    var vectors: String = "vectors"
    @OptionGroup var selection: VectorSetSelection
    @OptionGroup var pinning: VectorPinOptions
    @Option(help: "Known divergences: {\"divergences\": [{\"suite\", \"tcId\", \"reason\"}]}.")
    var knownFailures: String?
    @Option(help: "Write every test's result as JSON to this file.") var results: String?
    @Option(help: "Write JUnit XML to this file.") var junit: String?
    @Option(help: "Seconds to wait for each response.") var timeout: Double = 30
    @Flag(help: "Print every failure (default: the first 40).") var all = false
    @Option(help: "Only a tier's tests: 'smoke' runs the smoke lists of the sets' kill-matrix.json.")
    var tier: String?
    @Option(
        help:
            "A ManualConflict reading, ID=manual|pinned (repeatable; default pinned): run that reading's tests (specs/harness.md §Readings)."
    )
    var reading: [String] = []

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds in (0, 3600]")
        }
        guard tier == nil || tier == "smoke" else { throw ValidationError("--tier must be 'smoke'") }
        _ = try readingSelection()
    }

    /// The `--reading` arguments; a malformed one is a usage error.
    func readingSelection() throws -> ReadingSelection {
        var selection = ReadingSelection()
        for argument in reading {
            do { try selection.add(argument) } catch { throw ValidationError(error.reason) }
        }
        return selection
    }

    /// The suites narrowed to the chosen readings (specs/harness.md §"Readings"); prints which
    /// reading each conflict the suites carry was run under, and how many tests that left out.
    func narrowedToReadings(_ suites: [LoadedSuite], _ selection: ReadingSelection) -> [LoadedSuite] {
        var leftOut = 0
        let narrowed = suites.map { s in
            let (kept, n) = s.under(selection)
            leftOut += n
            return kept
        }
        let conflicts = suites.reduce(into: Set<String>()) { $0.formUnion($1.conflicts) }
        if !conflicts.isEmpty {
            let chosen = conflicts.sorted().map { "\($0)=\(selection.choice($0).rawValue)" }
            printLine("readings: \(chosen.joined(separator: ", ")) (\(leftOut) tests of the other readings not run)")
        }
        return narrowed
    }

    func run() throws {
        // The port starts up while the vectors are read and checked (specs/harness.md §"Driver" 2);
        // it is ended at once if they cannot be used.
        let driver = HarnessDriver(
            command: port, timeout: timeout, knownFailures: KnownFailures(), profiles: AppProfiles.all)
        driver.launch()
        let loaded: LoadedInputs
        switch Result(catching: { () throws(CloserError) in try (loadKnownFailures(), loadSuites()) }) {
        case .success(let inputs): (driver.knownFailures, loaded) = inputs
        case .failure(let error):
            // Unusable inputs: a named error and exit status 2 (specs/harness.md §"Driver" 7).
            driver.abandon()
            printLine("error: \(error.reason) [\(error.code.rawValue)]")
            throw ExitCode(2)
        }
        let sets = loaded.records
        let missing = Set(suite).subtracting(loaded.available)
        guard missing.isEmpty else {
            driver.abandon()
            throw usageError("no such suite: \(missing.sorted().joined(separator: ", "))")
        }
        let readings = try readingSelection()
        let selected = narrowedToReadings(loaded.suites, readings)
        let terminal = isatty(2) != 0
        var report: DriverReport
        do {
            report = try driver.run(selected) { name, done, total in
                if terminal, done == total || done % 25 == 0 {
                    FileHandle.standardError.write(
                        Data("\r\u{1b}[K\(UntrustedText.escape(name)) \(done)/\(total)".utf8))
                }
            }
        } catch {
            if terminal { FileHandle.standardError.write(Data("\r\u{1b}[K".utf8)) }
            printLines("error: \(error.reason)")
            throw ExitCode(2)
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1b}[K".utf8)) }
        report.run = RunRecord(
            portCommand: port, vectorSets: sets, readings: readings.chosen.mapValues(\.rawValue))
        printLine("port: \(report.implementation) (\(report.ops.count) ops)")
        for s in report.suites {
            var line = "\(s.name): \(s.passed) passed, \(s.failed) failed, \(s.skipped) skipped"
            if s.divergences > 0 { line += ", \(s.divergences) known divergences" }
            if let why = s.skippedBecause { line += " (\(why))" }
            printLine(line)
        }
        let failures = report.tests.filter { $0.status == .failed }
        for t in all ? failures : Array(failures.prefix(40)) {
            printLine("FAIL tcId \(t.tcID) \(t.suite) [\(t.layer?.rawValue ?? "port")]: \(t.message)")
        }
        if !all && failures.count > 40 { print("… \(failures.count - 40) more failures (--all or --results)") }
        if !report.layers.isEmpty {
            printLine("layers: " + report.layers.map { "\($0.0?.rawValue ?? "port") ×\($0.1)" }.joined(separator: ", "))
        }
        for entry in report.staleKnownFailures { printLine("note: known failure \(entry) passes now; remove it") }
        if let results { try Data(report.resultsJSON()).write(to: URL(fileURLWithPath: results)) }
        if let junit { try Data(report.junitXML().utf8).write(to: URL(fileURLWithPath: junit)) }
        print("\(report.passed) passed, \(report.failed) failed, \(report.skipped) skipped")
        if report.failed > 0 { throw ExitCode(1) }
        if report.passed + report.divergences == 0 && !pinning.allowEmpty {
            print("error: no test was executed (the port's ops cover no selected test); --allow-empty accepts that")
            throw ExitCode(1)
        }
    }

    func loadKnownFailures() throws(CloserError) -> KnownFailures {
        guard let knownFailures else { return KnownFailures() }
        return try KnownFailures(file: knownFailures)
    }

    /// What a run reads: the suites to run, the record of each set read, and the name of every
    /// suite of those sets (for `--suite`).
    struct LoadedInputs {
        let suites: [LoadedSuite]
        let records: [VectorSetRecord]
        let available: Set<String>
    }

    /// The selected suites of the selected sets, once the pins hold and every file read is in
    /// its set's manifest with its digest (checked before any file is parsed) and test count
    /// (specs/harness.md §"Driver" 2; specs/threat-model.md §"Pinning"). With `--tier smoke`
    /// only the suites the sets' kill matrices name are parsed, narrowed to their smoke tests,
    /// each of which must be a test of its set (specs/harness.md §"Tiers").
    func loadSuites() throws(CloserError) -> LoadedInputs {
        let sets = try selection.sets(root: vectors)
        let pins = (try? pinning.pins()) ?? VectorPins()  // validate() has parsed them
        try Self.refuse(pins.problems(sets) + sets.flatMap { VectorManifest.problems($0, counts: [:]) })
        let smoke = tier == "smoke" ? try SmokeTier(sets: sets) : nil
        var names: Set<String>? = suite.isEmpty ? nil : Set(suite)
        if let smoke { names = names.map { $0.intersection(smoke.suiteNames) } ?? smoke.suiteNames }
        var all: [LoadedSuite] = []
        var perSet: [[LoadedSuite]] = []
        var records: [VectorSetRecord] = []
        var problems: [CloserError] = []
        for set in sets {
            let loaded = try set.suites(named: names)
            if !loaded.isEmpty { records.append(VectorSetRecord(set: set, loaded: loaded)) }
            let counts = Dictionary(loaded.map { ($0.name + ".json", $0.tests.count) }, uniquingKeysWith: { a, _ in a })
            problems += VectorManifest.problems(set, counts: counts)
            all += loaded
            perSet.append(loaded)
        }
        if let smoke { problems += smoke.problems(sets, loaded: perSet, only: suite.isEmpty ? nil : Set(suite)) }
        try Self.refuse(problems)
        let available = Set(sets.flatMap { $0.files.map { String($0.0.dropLast(".json".count)) } })
        return LoadedInputs(suites: smoke?.narrow(all) ?? all, records: records, available: available)
    }

    /// Prints every problem but the last, in order, and throws the last (run()'s error line).
    static func refuse(_ problems: [CloserError]) throws(CloserError) {
        guard let last = problems.last else { return }
        for problem in problems.dropLast() { printLine("error: \(problem.reason) [\(problem.code.rawValue)]") }
        throw last
    }
}
