// A test's `reading` member: the test belongs to one reading of a ManualConflict, so a port
// built from the reference document and a port built from specs/ can each run the tests of
// their reading. Normative: specs/vectors.md §"Test" (`reading`), specs/harness.md §"Readings",
// specs/manual-conflicts.md.

import CoreWire

extension CloserError.Code {
    package static let vectorsUnknownReading = Self("vectors.unknown_reading", .malformedRequest)
}

/// Which side of a ManualConflict a test expects: `pinned` (specs/, the default a port runs) or
/// `manual` (the reference document's literal words).
package enum ReadingChoice: String, CaseIterable, Sendable {
    case pinned, manual
}

/// `{"conflict": "D-CF-64", "choice": "manual", "replaces": [27]}`: the decision id of the
/// ManualConflict, the reading, and (manual tests only) the existing tcIds of the same suite that
/// carry the pinned reading of the same input, which a port run under the manual reading skips.
package struct VectorReading: Hashable, Sendable {
    package let conflict: String
    package let choice: ReadingChoice
    package let replaces: [Int]

    package init(_ conflict: String, _ choice: ReadingChoice, replaces: [Int] = []) {
        self.conflict = conflict
        self.choice = choice
        self.replaces = replaces
    }

    package var json: JSONValue {
        var members: [String: JSONValue] = ["conflict": .string(conflict), "choice": .string(choice.rawValue)]
        if !replaces.isEmpty { members["replaces"] = .array(replaces.map { .number(Double($0)) }) }
        return .object(members)
    }

    /// Parses a test's `reading` member; nil when the member is malformed.
    package init?(json: JSONValue) {
        guard let conflict = json["conflict"]?.stringValue, !conflict.isEmpty,
            let choice = json["choice"]?.stringValue.flatMap(ReadingChoice.init(rawValue:))
        else { return nil }
        var replaces: [Int] = []
        if let list = json["replaces"] {
            guard case .array(let items) = list else { return nil }
            for item in items {
                guard let id = VectorFile.wholeNumber(item) else { return nil }
                replaces.append(id)
            }
        }
        self.init(conflict, choice, replaces: replaces)
    }
}

/// The reading chosen per conflict (`--reading D-CF-64=manual`); a conflict not named runs
/// under `pinned`.
package struct ReadingSelection: Sendable, Equatable {
    package private(set) var chosen: [String: ReadingChoice] = [:]

    package init() {}

    /// Parses `ID=manual|pinned`; a malformed argument is a named error.
    package mutating func add(_ argument: String) throws(CloserError) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let choice = ReadingChoice(rawValue: parts[1]) else {
            throw CloserError(
                .vectorsUnknownReading, "--reading \(CloserError.quoted(argument)): expected ID=manual or ID=pinned")
        }
        chosen[parts[0]] = choice
    }

    package func choice(_ conflict: String) -> ReadingChoice { chosen[conflict] ?? .pinned }

    /// `D-CF-64=manual, …` in id order; "pinned" when nothing was chosen.
    package var description: String {
        chosen.isEmpty
            ? "pinned"
            : chosen.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.rawValue)" }
                .joined(separator: ", ")
    }
}

extension VectorCase {
    /// The same test marked as one reading of a ManualConflict (written as its `reading` member).
    package func reading(_ conflict: String, _ choice: ReadingChoice, replaces: [Int] = []) -> VectorCase {
        var c = self
        c.reading = VectorReading(conflict, choice, replaces: replaces)
        return c
    }
}

extension LoadedSuite {
    /// The tests a port runs under `selection`: a test of another reading than its conflict's
    /// chosen one is left out, and so is a pinned test a chosen manual test `replaces`.
    /// Returns the narrowed suite and how many tests were left out.
    package func under(_ selection: ReadingSelection) -> (suite: LoadedSuite, leftOut: Int) {
        var replaced: Set<Int> = []
        for t in tests {
            if let r = t.reading, r.choice == .manual, selection.choice(r.conflict) == .manual {
                replaced.formUnion(r.replaces)
            }
        }
        let kept = tests.filter { t in
            if replaced.contains(t.tcID) { return false }
            guard let r = t.reading else { return true }
            return selection.choice(r.conflict) == r.choice
        }
        let narrowed = LoadedSuite(name: name, schema: schema, numberOfTests: numberOfTests, notes: notes, tests: kept)
        return (narrowed, tests.count - kept.count)
    }

    /// The conflicts whose readings this suite's tests carry.
    package var conflicts: Set<String> { Set(tests.compactMap { $0.reading?.conflict }) }
}
