import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `closer-spec explore --guided`: coverage-guided exploration. The mode is the closer-spec-guided
/// executable (built by scripts/guided.sh with libFuzzer); this command execs it with the same
/// options (specs/explore.md §"Guided").
struct ExploreGuidedOptions: ParsableArguments {
    @Flag(help: "Coverage-guided: libFuzzer mutates the generators' choices (execs closer-spec-guided).")
    var guided = false
    @Option(help: "--guided: the corpus directory, kept between runs (seeded when empty).")
    var corpus: String = ".build/explore/guided-corpus"
    @Option(help: "--guided: stop after this many fuzzer inputs (a reproducible run with --seed).") var runs: Int?
    @Option(help: "--guided: the closer-spec-guided binary (default $CLOSER_SPEC_GUIDED, else scripts/guided.sh's).")
    var guidedBinary: String?

    /// The plain-only options are refused with --guided, and the guided-only ones without it.
    func validate(_ explore: Explore) throws {
        guard guided else {
            if runs != nil || guidedBinary != nil { throw ValidationError("--runs and --guided-binary need --guided") }
            return
        }
        if explore.cases != nil || (explore.jobs ?? 1) != 1 || explore.stopAtFirst {
            throw ValidationError("--guided takes --runs or --seconds, one job, no --stop-at-first")
        }
        guard (1...UInt64(UInt32.max)).contains(explore.seed) else {
            throw ValidationError("--guided needs a --seed in 1…4294967295 (libFuzzer's)")
        }
        if let runs { guard runs > 0 else { throw ValidationError("--runs must be positive") } }
    }

    /// The binary to exec.
    var binary: String {
        guidedBinary ?? ProcessInfo.processInfo.environment["CLOSER_SPEC_GUIDED"]
            ?? ".build/guided/debug/closer-spec-guided"
    }
}

extension Explore {
    /// Execs closer-spec-guided with this command's options; returns only on failure (exit 2).
    func runGuided() throws -> Never {
        let g = guidedOptions
        guard FileManager.default.isExecutableFile(atPath: g.binary) else {
            printLine("error: no guided explore binary at \(g.binary): build it with scripts/guided.sh build")
            throw ExitCode(2)
        }
        var args = [g.binary, "--corpus", g.corpus, "--seed", String(seed), "--timeout", String(timeout)]
        args += ["--vectors", vectors]
        for p in port { args += ["--port", p] }
        if let ops = try selectedOps() { for o in ops.sorted() { args += ["--op", o] } }
        if let runs = g.runs { args += ["--runs", String(runs)] }
        if let seconds { args += ["--seconds", String(Int(seconds.rounded(.up)))] }
        if let out { args += ["--out", out] }
        if let results { args += ["--results", results] }
        // Dictionaries iterate in one order in every run (specs/explore.md §"Guided": reproducible).
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        let cArgs = args.map { strdup($0) } + [nil]
        execv(g.binary, cArgs)
        printLine("error: could not run \(g.binary): errno \(errno)")
        throw ExitCode(2)
    }
}
