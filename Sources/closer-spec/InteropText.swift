import CloserHarness
import Foundation

/// The text output of `closer-spec interop` (specs/interop.md §"Output"): the ordered-pair
/// matrix, a line per ordered pair, a line per mismatch. Ports are numbered as the `port #N` lines
/// list them; the caller prints every line through the output policy.
enum InteropText {
    /// Producer rows, consumer columns: passed/cases over every flow the two share (`-`: none).
    static func matrix(_ report: InteropReport) -> [String] {
        let n = report.ports.count
        var cells: [[String]] = Array(repeating: Array(repeating: "-", count: n), count: n)
        for p in 0..<n {
            for c in 0..<n {
                let pairs = pairs(report, p, c)
                guard !pairs.isEmpty else { continue }
                let cases = pairs.reduce(0) { $0 + $1.cases }
                let passed = pairs.reduce(0) { $0 + $1.passed }
                cells[p][c] = "\(passed)/\(cases)" + (passed == cases ? "" : " FAIL")
            }
        }
        let width = max(12, cells.joined().map(\.count).max() ?? 0) + 2
        func pad(_ s: String) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
        var lines = ["matrix: passed/cases, producer (row) → consumer (column), every flow the two share"]
        lines.append(pad("") + (0..<n).map { pad("#\($0)") }.joined())
        for p in 0..<n { lines.append(pad("#\(p)") + cells[p].map(pad).joined()) }
        return lines
    }

    static func pairs(_ report: InteropReport, _ p: Int, _ c: Int) -> [InteropPair] {
        let (producer, consumer) = (report.ports[p].name, report.ports[c].name)
        return report.pairs.filter { $0.producer == producer && $0.consumer == consumer }
    }

    /// `#0 > #2: 15 flows, 300 cases, 300 passed, 0 failed` (and the failing flows).
    static func pairLines(_ report: InteropReport) -> [String] {
        let n = report.ports.count
        var lines: [String] = []
        for p in 0..<n {
            for c in 0..<n {
                let pairs = pairs(report, p, c)
                guard !pairs.isEmpty else { continue }
                let cases = pairs.reduce(0) { $0 + $1.cases }
                let failed = pairs.reduce(0) { $0 + $1.failed }
                let failing = pairs.filter { $0.failed > 0 }.map { "\($0.flow) \($0.failed)" }
                lines.append(
                    "PAIR #\(p) > #\(c): \(pairs.count) flows, \(cases) cases, \(cases - failed) passed, \(failed) failed"
                        + (failing.isEmpty ? "" : " (\(failing.joined(separator: ", ")))"))
            }
        }
        return lines
    }

    /// `MISMATCH [layer] flow #p > #c case N (M cases): message` and the reproduction.
    static func mismatchLines(_ report: InteropReport) -> [String] {
        let index = Dictionary(uniqueKeysWithValues: report.ports.enumerated().map { ($0.element.name, $0.offset) })
        return report.pairs.flatMap { pair in
            pair.mismatches.flatMap { m in
                [
                    "MISMATCH [\(m.layerName)] \(pair.flow) #\(index[pair.producer] ?? -1) > #\(index[pair.consumer] ?? -1) case \(m.caseIndex) (\(m.similar + 1) cases): \(m.message)",
                    "  reproduce: \(m.reproduce)",
                ]
            }
        }
    }
}
