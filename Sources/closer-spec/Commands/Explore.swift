import ArgumentParser
import CloserHarness
import CloserWire
import Foundation
import ProfileRegistry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `closer-spec explore --port CMD …`: differential testing of ports against CloserSpec on
/// generated inputs; every divergence minimized, diagnosed and written as a vector
/// (specs/explore.md).
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find divergences between ports and CloserSpec on generated inputs.",
        discussion: """
            Each port is started with /bin/sh -c CMD (harness protocol v1). Cases are generated for every
            op the ports list (or --op), sent to every port and to CloserSpec in process, and compared:
            the same bytes for a valid result, the same error category for a refusal. Each class of
            divergence is minimized, its layer named, and written under --out as a vector test.
            The last line is 'N cases, N divergences'; the exit status is 1 on any divergence.
            """)

    @Option(help: "The command that starts a port (repeatable).") var port: [String] = []
    @Option(help: "Stop after this many cases.") var cases: Int?
    @Option(help: "Stop after this many seconds (default 60 without --cases).") var seconds: Double?
    @Option(help: "The run's seed: the same seed gives the same cases.") var seed: UInt64 = 1
    @Option(help: "Parallel jobs, each with its own port processes (default: the cores; one with --guided).")
    var jobs: Int?
    @Option(help: "Requests each job keeps in flight to each port (1…256; 1: one at a time).") var inFlight: Int = 16
    @Option(help: "Seconds to wait for each response.") var timeout: Double = 30
    @Option(help: "Only this op (repeatable).") var op: [String] = []
    @Option(help: "Not this op (repeatable): e.g. the production-cost Argon2id ops in a short run.") var skipOp:
        [String] = []
    @Option(help: "Only the ops of this suite's vectors (repeatable), read from --vectors.") var suite: [String] = []
    @Option(help: "The vectors root (for --suite).") var vectors: String = "vectors"
    @Option(help: "Write each divergence as a vector test under this directory.") var out: String?
    @Option(help: "Write the run as JSON to this file.") var results: String?
    @Flag(help: "End the run at the first divergent case.") var stopAtFirst = false
    @OptionGroup var guidedOptions: ExploreGuidedOptions
    @Option(
        help: """
            The registry's bounds the generators draw from (specs/decisions/README.md §Bounds); read when \
            present, '' for none.
            """)
    var bounds: String = "specs/decisions/bounds.json"

    func validate() throws {
        guard !port.isEmpty else { throw ValidationError("--port is required (repeatable)") }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds in (0, 3600]")
        }
        if let seconds {
            guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw ValidationError("--seconds must be in (0, 86400]")
            }
        }
        if let cases { guard cases > 0 else { throw ValidationError("--cases must be positive") } }
        if let jobs { guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1…64") } }
        try guidedOptions.validate(self)
        guard (1...256).contains(inFlight) else { throw ValidationError("--in-flight must be 1…256") }
    }

    func run() throws {
        if guidedOptions.guided { try runGuided() }
        var options = ExploreOptions()
        options.seed = seed
        options.cases = cases
        options.seconds = seconds ?? (cases == nil ? 60 : 0)
        options.jobs = jobs ?? ExploreOptions.cores
        options.inFlight = inFlight
        options.timeout = timeout
        options.ops = try selectedOps()
        options.stopAtFirst = stopAtFirst
        options.bounds = try loadBounds()
        let terminal = isatty(2) != 0
        let engine = ExploreEngine(commands: port, options: options, profiles: AppProfiles.all)
        let report: ExploreReport
        do {
            report = try engine.run { done, divergent in
                if terminal {
                    FileHandle.standardError.write(Data("\r\u{1b}[K\(done) cases, \(divergent) divergent".utf8))
                }
            }
        } catch {
            if terminal { FileHandle.standardError.write(Data("\r\u{1b}[K".utf8)) }
            printLines("error: \(error.reason)")
            throw ExitCode(2)
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1b}[K".utf8)) }
        try write(report)
        if !report.findings.isEmpty { throw ExitCode(1) }
    }

    /// --bounds' entries, or none when the option is empty or the default file is absent.
    func loadBounds() throws -> DecisionBounds {
        guard !bounds.isEmpty, let data = FileManager.default.contents(atPath: bounds) else {
            if !bounds.isEmpty, bounds != "specs/decisions/bounds.json" {
                throw ValidationError("--bounds: cannot read \(bounds)")
            }
            return .empty
        }
        do { return try DecisionBounds.parse(Array(data)) } catch { throw ValidationError(error.description) }
    }

    /// --op and the ops of --suite's vectors (every generated op when neither is given) without
    /// --skip-op's, or nil for every op.
    func selectedOps() throws -> Set<String>? {
        guard !op.isEmpty || !suite.isEmpty else {
            return skipOp.isEmpty ? nil : Set(AppProfiles.exploreGenerators.map(\.op)).subtracting(skipOp)
        }
        var ops = Set(op)
        if !suite.isEmpty {
            do {
                let dir = try VectorDirectory(path: vectors)
                for s in try dir.suites(named: Set(suite)) { ops.formUnion(s.ops) }
            } catch { throw ValidationError(error.reason) }
        }
        return ops.subtracting(skipOp)
    }

    func write(_ report: ExploreReport) throws {
        for p in report.ports { printLine("port: \(p.implementation) (\(p.command))") }
        printLine("ops: " + report.ops.joined(separator: ", "))
        for f in report.findings {
            let where_ = f.kind == .port ? "[\(f.layer?.rawValue ?? "port")]" : "[CloserSpec suspect]"
            printLine(
                "DIVERGENCE \(where_) \(f.minimized.op) case \(f.original.index) (\(f.minimized.mutation), \(f.similar + 1) cases) \(f.implementation): \(f.message)"
            )
        }
        if report.detailNotes > 0 {
            print("note: \(report.detailNotes) refusals with the right category and another detail")
        }
        if let out {
            let files = DivergenceWriter.files(report.findings, seed: seed, profiles: AppProfiles.all)
            if !files.isEmpty {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            }
            for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: out + "/" + name)) }
            if !files.isEmpty { print("wrote \(files.map(\.0).joined(separator: ", ")) to \(out)") }
        }
        if let results { try Data(report.resultsJSON(seed: seed)).write(to: URL(fileURLWithPath: results)) }
        var rate = String(
            format: "%.1f s, %.0f cases/s", report.seconds, Double(report.cases) / max(report.seconds, 0.001))
        if let first = report.firstDivergenceSeconds {
            rate += String(format: ", first divergence after %.2f s", first)
        }
        print(rate + ", \(report.divergentCases) divergent cases")
        print("\(report.cases) cases, \(report.findings.count) divergences")
    }
}
