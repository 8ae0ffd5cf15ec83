import ArgumentParser
import CloserBench
import Foundation

/// `closer-spec bench`: cost of each format as a ratio to its raw primitive, same run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure each format against the raw primitive under it (ratios, same run).")

    @Option(help: "Minimum seconds per case.") var seconds: Double = 0.3
    @Flag(help: "Print JSON lines.") var json = false

    /// Longest accepted `--seconds` per case (one hour).
    static let maximumSeconds = 3600.0

    /// `nan`, `inf` and huge values parse as `Double` but cannot become a duration: they are
    /// a usage error (exit 64), never a trap.
    func validate() throws {
        guard seconds.isFinite, seconds > 0, seconds <= Self.maximumSeconds else {
            throw ValidationError("--seconds must be a number of seconds above 0 and at most \(Int(Self.maximumSeconds))")
        }
    }

    func run() throws {
        let results = BenchRunner(minimumSeconds: seconds).run(BenchCatalogue.all())
        for r in results {
            if json {
                let ratio = r.ratio.map { String(format: "%.3f", $0) } ?? "null"
                print(
                    #"{"name":"\#(r.name)","baseline":\#(r.baseline.map { "\"\($0)\"" } ?? "null"),"nsPerOp":\#(Int(r.nanosecondsPerOp)),"ratio":\#(ratio),"iterations":\#(r.iterations),"peakRSSKiB":\#(r.peakRSSKiB)}"#
                )
            } else {
                let ratio = r.ratio.map { String(format: "%7.2fx %@", $0, r.baseline!) } ?? "  (baseline)"
                let padded = r.name.padding(toLength: 62, withPad: " ", startingAt: 0)
                print("\(padded) \(String(format: "%12.0f", r.nanosecondsPerOp)) ns/op \(ratio)")
            }
        }
        if !json, let last = results.last { print("peak RSS: \(last.peakRSSKiB) KiB") }
    }
}
