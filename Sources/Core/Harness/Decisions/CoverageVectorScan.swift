// Reads what the coverage check needs from a vector directory: every test's flags, result and
// `pins`, and which flags a file's `notes` tie to decision ids. Normative:
// specs/decisions/README.md §"Coverage".

import CloserVectorModel
import Foundation

/// The tests of a vector directory and the pins their files' notes give their flags.
package struct CoverageVectorScan: Sendable {
    package let tests: [CoverageTest]
    /// file → flag → the ids its `notes` description cites.
    package let flagPins: [String: [String: [String]]]
    /// Files that could not be read as vector files.
    package let problems: [String]

    /// Every `*.json` under `directory` with `testGroups` (MANIFEST.json and others are skipped),
    /// in path order.
    package static func scan(directory: String) -> CoverageVectorScan {
        let walker = FileManager.default.enumerator(atPath: directory)
        var paths: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".json") { paths.append(path) }
        }
        var tests: [CoverageTest] = []
        var flagPins: [String: [String: [String]]] = [:]
        var problems: [String] = []
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: directory + "/" + path),
                let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else {
                problems.append("\(path): not a JSON object")
                continue
            }
            guard let groups = root["testGroups"] as? [[String: Any]] else { continue }
            flagPins[path] = flagCitations(root["notes"] as? [String: Any] ?? [:])
            for group in groups {
                for t in group["tests"] as? [[String: Any]] ?? [] { tests.append(test(t, file: path)) }
            }
        }
        return CoverageVectorScan(tests: tests, flagPins: flagPins, problems: problems)
    }

    /// flag → the decision ids its `notes` description cites.
    static func flagCitations(_ notes: [String: Any]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (flag, note) in notes {
            let text = (note as? [String: Any])?["description"] as? String ?? ""
            let ids = DecisionID.citations(in: text)
            if !ids.isEmpty { out[flag] = Array(Set(ids)).sorted() }
        }
        return out
    }

    static func test(_ t: [String: Any], file: String) -> CoverageTest {
        let pins: [VectorPin] = (t["pins"] as? [[String: Any]] ?? []).compactMap { p in
            guard let id = p["id"] as? String, let side = (p["side"] as? String).flatMap(PinSide.init) else {
                return nil
            }
            return VectorPin(id, side)
        }
        return CoverageTest(
            file: file, tcID: (t["tcId"] as? NSNumber)?.intValue ?? 0, flags: t["flags"] as? [String] ?? [],
            result: t["result"] as? String ?? "", allow: (t["expected"] as? [String: Any])?["allow"] as? Bool,
            pins: pins)
    }

    /// The scan with coverage.json's flag citations added to the notes' (a flag of a file that has
    /// no test with it is a problem).
    package func adding(_ citations: [(file: String, flag: String, ids: [String])]) -> CoverageVectorScan {
        var flagPins = self.flagPins
        var problems = self.problems
        for c in citations {
            guard tests.contains(where: { $0.file == c.file && $0.flags.contains(c.flag) }) else {
                problems.append("coverage.json cites flag \(c.flag) of \(c.file), which no test there has")
                continue
            }
            flagPins[c.file, default: [:]][c.flag, default: []] += c.ids.filter {
                !(flagPins[c.file]?[c.flag] ?? []).contains($0)
            }
        }
        return CoverageVectorScan(tests: tests, flagPins: flagPins, problems: problems)
    }
}
