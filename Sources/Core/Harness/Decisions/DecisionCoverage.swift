// Which tests exercise each pin of the registry, on which side, and which pins lack a test or a
// side. Normative: specs/decisions/README.md §"Coverage".

import CloserVectorModel
import CloserWire

/// A citation of an existing test, from specs/decisions/coverage.json.
package struct CoverageCitation: Sendable, Equatable {
    package let file: String
    package let tcID: Int
    package let pins: [VectorPin]

    /// Parses coverage.json: `{"tests": [{"file", "tcId", "pins": [{"id", "side"}]}]}`.
    package static func parse(_ bytes: [UInt8]) throws(DecisionBoundsError) -> [CoverageCitation] {
        guard case .object(let root)? = try? JSONValue(parsing: bytes), case .array(let tests)? = root["tests"] else {
            throw .badEntry("coverage.json", "needs a tests array")
        }
        return try tests.enumerated().map { (i, t) throws(DecisionBoundsError) in
            guard let file = t["file"]?.stringValue, let tcID = DecisionBounds.integer(t["tcId"]),
                case .array(let pins)? = t["pins"], !pins.isEmpty
            else { throw .badEntry("coverage.json tests[\(i)]", "needs file, tcId and non-empty pins") }
            return CoverageCitation(
                file: file, tcID: tcID,
                pins: try pins.map { p throws(DecisionBoundsError) in
                    guard let id = p["id"]?.stringValue, let side = p["side"]?.stringValue.flatMap(PinSide.init) else {
                        throw .badEntry("coverage.json tests[\(i)]", "a pin needs id and side accept|refuse")
                    }
                    return VectorPin(id, side)
                })
        }
    }
}

extension CoverageCitation {
    /// coverage.json's `flags`: `[{"file", "flag", "pins": ["D-…"]}]`, every test of the file with
    /// the flag citing the pins, on the side its outcome shows (as a flag whose notes cite an id).
    package static func parseFlags(_ bytes: [UInt8]) throws(DecisionBoundsError) -> [(
        file: String, flag: String, ids: [String]
    )] {
        guard case .object(let root)? = try? JSONValue(parsing: bytes) else {
            throw .badEntry("coverage.json", "not a JSON object")
        }
        guard case .array(let entries)? = root["flags"] else { return [] }
        return try entries.enumerated().map { (i, e) throws(DecisionBoundsError) in
            guard let file = e["file"]?.stringValue, let flag = e["flag"]?.stringValue,
                case .array(let pins)? = e["pins"],
                !pins.isEmpty, pins.allSatisfy({ $0.stringValue.flatMap(DecisionID.init) != nil })
            else { throw .badEntry("coverage.json flags[\(i)]", "needs file, flag and non-empty pins of decision ids") }
            return (file, flag, pins.compactMap(\.stringValue))
        }
    }
}

/// A pin without a test, or with one side only where it has two.
package struct CoverageGap: Sendable, Equatable {
    package let id: String
    /// The sides no test is on (both when the pin has no test; for a one-sided pin, `accept`
    /// stands for "any").
    package let missing: [PinSide]
    package let twoSided: Bool

    package var label: String {
        missing.count == 2 || !twoSided ? "\(id): no test" : "\(id): no \(missing[0].rawValue)-side test"
    }
}

/// The tests exercising each pin.
package struct DecisionCoverage: Sendable {
    package let exercises: [String: [PinExercise]]
    /// Citations that name an unknown id, a missing test, or a side the test's result cannot be on.
    package let problems: [String]

    /// Every citation of `scan` (`pins` members, flags whose notes cite an id) and of `citations`.
    package static func build(scan: CoverageVectorScan, citations: [CoverageCitation], known: Set<String>)
        -> DecisionCoverage
    {
        var exercises: [String: Set<PinExercise>] = [:]
        var problems = scan.problems
        var byKey: [String: CoverageTest] = [:]
        for t in scan.tests { byKey["\(t.file)#\(t.tcID)"] = t }
        func add(_ id: String, _ t: CoverageTest, _ side: PinSide, _ via: String) {
            guard known.contains(id) else { return problems.append("\(t.file)#\(t.tcID) cites unregistered \(id)") }
            guard t.admits(side) else {
                return problems.append(
                    "\(t.file)#\(t.tcID) (\(t.result)) cannot be on the \(side.rawValue) side of \(id)")
            }
            exercises[id, default: []].insert(PinExercise(file: t.file, tcID: t.tcID, side: side, via: via))
        }
        for t in scan.tests {
            for p in t.pins { add(p.id, t, p.side, "pins") }
            for f in t.flags { for id in scan.flagPins[t.file]?[f] ?? [] { add(id, t, t.impliedSide, "flag \(f)") } }
        }
        for c in citations {
            guard let t = byKey["\(c.file)#\(c.tcID)"] else {
                problems.append("coverage.json cites \(c.file)#\(c.tcID), which is not a test")
                continue
            }
            for p in c.pins { add(p.id, t, p.side, "coverage.json") }
        }
        return DecisionCoverage(exercises: exercises.mapValues { $0.sorted() }, problems: problems)
    }

    /// The pins of `ids` that lack a test, or (those in `twoSided`) a side.
    package func gaps(ids: [String], twoSided: Set<String>) -> [CoverageGap] {
        ids.compactMap { id in
            let sides = Set((exercises[id] ?? []).map(\.side))
            let two = twoSided.contains(id)
            if sides.isEmpty { return CoverageGap(id: id, missing: PinSide.allCases, twoSided: two) }
            let missing = two ? PinSide.allCases.filter { !sides.contains($0) } : []
            return missing.isEmpty ? nil : CoverageGap(id: id, missing: missing, twoSided: two)
        }
    }
}
