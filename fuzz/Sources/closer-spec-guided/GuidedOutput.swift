// What a guided run reads and writes besides libFuzzer's corpus: the seed tapes, the op
// selection, and at the end the report in plain explore's format plus the edge line
// (specs/explore.md §"Guided").

import CloserHarness
import CloserWire
import Foundation
import ProfileRegistry

#if canImport(Glibc)
    import Glibc
#endif

enum GuidedOutput {
    /// Writes every seed tape as a file named by its op and pattern.
    static func writeSeeds(to dir: String) {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, tape) in ExploreGuidedSession.seedTapes(AppProfiles.exploreGenerators) {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(tape))
        }
    }

    /// A corpus directory that is missing or empty gets the seed tapes first.
    static func seedIfEmpty(_ dir: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        if names.isEmpty { writeSeeds(to: dir) }
    }

    /// --op's ops (every generated op when none) without --skip-op's, or nil for every op.
    static func selectedOps(_ a: GuidedArguments) -> Set<String>? {
        if a.ops.isEmpty && a.skipOps.isEmpty { return nil }
        let base = a.ops.isEmpty ? Set(AppProfiles.exploreGenerators.map(\.op)) : Set(a.ops)
        return base.subtracting(a.skipOps)
    }

    /// Minimizes and diagnoses the findings, prints the report and the edge line, writes --out
    /// and --results, and ends the process: status 1 on any divergence, else 0.
    static func finish(_ run: GuidedRun) {
        let report = run.session.finish()
        for p in report.ports { print(UntrustedText.escape("port: \(p.implementation) (\(p.command))")) }
        print("ops: " + report.ops.joined(separator: ", "))
        for f in report.findings {
            let where_ = f.kind == .port ? "[\(f.layer?.rawValue ?? "port")]" : "[CloserSpec suspect]"
            print(
                UntrustedText.escape(
                    "DIVERGENCE \(where_) \(f.minimized.op) case \(f.original.index) (\(f.minimized.mutation), \(f.similar + 1) cases) \(f.implementation): \(f.message)"
                ))
        }
        if report.detailNotes > 0 {
            print("note: \(report.detailNotes) refusals with the right category and another detail")
        }
        let seed = UInt64(run.arguments.seed)
        if let out = run.arguments.out {
            let files = DivergenceWriter.files(report.findings, seed: seed, profiles: run.profiles)
            for (name, bytes) in files {
                _ = FileManager.default.createFile(atPath: out + "/" + name, contents: Data(bytes))
            }
            if !files.isEmpty { print("wrote \(files.map(\.0).joined(separator: ", ")) to \(out)") }
        }
        if let results = run.arguments.results {
            _ = FileManager.default.createFile(atPath: results, contents: Data(report.resultsJSON(seed: seed)))
        }
        print(run.edgeLine())
        print(String(format: "%.1f s, %.0f cases/s", report.seconds, Double(report.cases) / max(report.seconds, 0.001)))
        print("\(report.cases) cases, \(report.findings.count) divergences")
        fflush(nil)
        _exit(report.findings.isEmpty ? 0 : 1)
    }
}
