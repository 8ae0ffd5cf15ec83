// Writes a report directory: index.html, and badges/<port>-<profile>.svg with the same badge as
// a shields.io endpoint badges/<port>-<profile>.json. Normative: specs/report.md §"Output".

import CloserWire
import Foundation

package enum ReportWriter {
    /// What was written, for the command's summary line.
    package struct Written: Sendable {
        package let pageBytes: Int
        package let badges: [Badge]
        package let stems: [String]
    }

    /// The badges with unique file stems (a second `x` becomes `x-2`).
    package static func stems(_ badges: [Badge]) -> [String] {
        var used: [String: Int] = [:]
        return badges.map { b in
            let n = (used[b.fileStem] ?? 0) + 1
            used[b.fileStem] = n
            return n == 1 ? b.fileStem : "\(b.fileStem)-\(n)"
        }
    }

    package static func write(_ context: ReportContext, to directory: String) throws -> Written {
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory + "/badges", withIntermediateDirectories: true)
        let page = Array(ReportPage.html(context).utf8)
        try Data(page).write(to: URL(fileURLWithPath: directory + "/index.html"))
        let badges = Badge.all(context.inputs.harness)
        let stems = stems(badges)
        for (badge, stem) in zip(badges, stems) {
            try Data((badge.svg + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/badges/\(stem).svg"))
            try Data(badge.endpointJSON).write(to: URL(fileURLWithPath: directory + "/badges/\(stem).json"))
        }
        return Written(pageBytes: page.count, badges: badges, stems: stems)
    }
}
