// closer-spec-guided's command line (specs/explore.md §"Guided"): the options of
// `closer-spec explore --guided`, which execs this binary with them; every argument after `--`
// goes to libFuzzer unchanged.

import Foundation

struct GuidedArguments {
    var ports: [String] = []
    var corpus = ".build/explore/guided-corpus"
    var seed: UInt32 = 1
    var runs: Int? = nil
    var seconds: Int? = nil
    var timeout = 30.0
    var ops: [String] = []
    var skipOps: [String] = []
    var vectors = "vectors"
    var out: String? = nil
    var results: String? = nil
    var writeSeeds: String? = nil
    /// The baseline's child process (GuidedBaseline): count the vectors' edges below this root.
    var measureVectors: String? = nil
    var maxLength = 4096
    var libFuzzer: [String] = []

    /// Parses `arguments` (without the program name); a bad option is a message for exit 2.
    static func parse(_ arguments: [String]) -> Result<GuidedArguments, GuidedUsageError> {
        var a = GuidedArguments()
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if name == "--" {
                a.libFuzzer = Array(rest)
                break
            }
            guard let value = rest.popFirst() else { return .failure(.init("\(name) needs a value")) }
            if let problem = a.set(name, value) { return .failure(.init(problem)) }
        }
        if a.writeSeeds == nil, a.measureVectors == nil, a.ports.isEmpty {
            return .failure(.init("--port is required (repeatable)"))
        }
        if a.runs == nil, a.seconds == nil { a.seconds = 60 }
        return .success(a)
    }

    /// Sets one option; returns the problem, or nil.
    private mutating func set(_ name: String, _ value: String) -> String? {
        switch name {
        case "--port": ports.append(value)
        case "--corpus": corpus = value
        case "--seed":
            guard let s = UInt32(value), s > 0 else { return "--seed must be 1…4294967295" }
            seed = s
        case "--runs":
            guard let r = Int(value), r > 0 else { return "--runs must be positive" }
            runs = r
        case "--seconds":
            guard let s = Int(value), (1...86_400).contains(s) else { return "--seconds must be 1…86400" }
            seconds = s
        case "--timeout":
            guard let t = Double(value), t.isFinite, t > 0, t <= 3600 else { return "--timeout must be in (0, 3600]" }
            timeout = t
        case "--max-len":
            guard let m = Int(value), (64...1_048_576).contains(m) else { return "--max-len must be 64…1048576" }
            maxLength = m
        case "--op": ops.append(value)
        case "--skip-op": skipOps.append(value)
        case "--vectors": vectors = value
        case "--out": out = value
        case "--results": results = value
        case "--write-seeds": writeSeeds = value
        case "--measure-vectors": measureVectors = value
        default: return "unknown option \(name)"
        }
        return nil
    }

    /// libFuzzer's argument vector: the corpus, the fixed seed, the bound, no reloading (another
    /// process's inputs would make the run depend on timing), no mutations from comparison
    /// operands (Swift compares addresses, e.g. buffer identity before contents, which differ from
    /// run to run with ASLR: a tape that copied one would make the run depend on it), and whatever
    /// followed `--`.
    func libFuzzerArguments(program: String, artifacts: String) -> [String] {
        var args = [program, corpus, "-seed=\(seed)", "-reload=0", "-use_cmp=0", "-max_len=\(maxLength)"]
        args += ["-timeout=\(Int(max(60, timeout * 4)))", "-rss_limit_mb=4096", "-print_final_stats=1"]
        args.append("-artifact_prefix=\(artifacts)/")
        if let runs { args.append("-runs=\(runs)") }
        if let seconds { args.append("-max_total_time=\(seconds)") }
        return args + libFuzzer
    }
}

struct GuidedUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
