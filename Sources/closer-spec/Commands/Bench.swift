import ArgumentParser
import CloserBench
import Foundation

/// `closer-spec bench`: cost of each format as a ratio to its raw primitive, same run.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure each format against the raw primitive under it (ratios, same run).")

    @Option(help: "Minimum seconds per case.") var seconds: Double = 0.3
    @Flag(help: "Print JSON lines.") var json = false

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
