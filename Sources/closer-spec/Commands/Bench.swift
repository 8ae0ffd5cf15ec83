import ArgumentParser
import CloserBench
import CloserWire
import Foundation
import ProfileRegistry

/// `closer-spec bench`: each operation against its baseline, measured in the same run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure each operation against its baseline in the same run (ops/s, ratio, target).",
        discussion: """
            Each row is warmed up, then timed in interleaved repetitions with its baseline; the median \
            is reported. Rows over the committed vector set read vectors/ from the current directory \
            and are skipped with a note where it is absent. Run a release build (make bench).
            """)

    @Flag(help: "Print {\"results\": [...]} as canonical JSON instead of the table.") var json = false
    @Flag(help: "Shorter: fewer repetitions, less time per row, 20,000 requests for the memory row.")
    var quick = false
    @Option(help: "Seconds per row, warm-up excluded (default 1, or 0.2 with --quick; at most 60).")
    var seconds: Double?

    @Option(help: "Only the rows whose name starts with this (for profiling one row).") var only: String?

    static let maximumSeconds = 60.0

    func validate() throws {
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= Self.maximumSeconds) {
            throw ValidationError("--seconds must be a number above 0 and at most \(Int(Self.maximumSeconds))")
        }
    }

    func run() throws {
        let settings = BenchSettings(
            secondsPerRow: seconds ?? (quick ? 0.2 : 1), repetitions: quick ? 3 : 5,
            memoryRequests: quick ? 20_000 : 100_000, executablePath: Self.executablePath(), profiles: AppProfiles.all)
        if !json { print(Self.header) }
        let results = BenchCatalogue.run(settings, only: only) { r in
            if json {
                FileHandle.standardError.write(Data("\(r.name)\n".utf8))
            } else {
                print(Self.row(r))
                fflush(nil)
            }
        }
        if json {
            print(String(decoding: try Self.json(results), as: UTF8.self))
        } else {
            print("")
            for r in results {
                if let b = r.baseline, r.baselineOpsPerSecond != nil { print("- \(r.name): baseline \(b)") }
                if let n = r.note { print("- \(r.name): \(n)") }
            }
        }
    }

    static let header = """
        | row | ops/s | baseline ops/s | ratio | target | met |
        |---|---:|---:|---:|---|---|
        """

    static func row(_ r: BenchResult) -> String {
        let met = r.met.map { $0 ? "yes" : "**no**" } ?? "-"
        return
            "| \(r.name) | \(number(r.opsPerSecond)) | \(r.baselineOpsPerSecond.map(number) ?? "-") | \(r.ratio.map { String(format: "%.3f", $0) } ?? "-") | \(r.target.text ?? "-") | \(met) |"
    }

    /// Three significant digits below 1000, whole numbers above.
    static func number(_ x: Double) -> String {
        x >= 1000 ? String(format: "%.0f", x) : String(format: "%.3g", x)
    }

    /// `{"results": [...]}` through CloserWire's RFC 8785 writer.
    static func json(_ results: [BenchResult]) throws -> [UInt8] {
        func rounded(_ x: Double, _ digits: Double) -> JSONValue {
            x.isFinite ? .number((x * digits).rounded() / digits) : .null
        }
        let rows: [JSONValue] = results.map { r in
            .object([
                "name": .string(r.name),
                "opsPerSecond": rounded(r.opsPerSecond, 1000),
                "baseline": r.baseline.map(JSONValue.string) ?? .null,
                "baselineOpsPerSecond": r.baselineOpsPerSecond.map { rounded($0, 1000) } ?? .null,
                "ratio": r.ratio.map { rounded($0, 10000) } ?? .null,
                "target": r.target.text.map(JSONValue.string) ?? .null,
                "met": r.met.map(JSONValue.bool) ?? .null,
            ])
        }
        return try CanonicalJSON.serialize(.object(["results": .array(rows)]))
    }

    /// The running executable (serve rows start it as a child).
    static func executablePath() -> String? {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath
    }
}
