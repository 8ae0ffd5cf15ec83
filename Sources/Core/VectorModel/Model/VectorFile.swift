// Reading vector files back: the shape every consumer relies on (verify, the harness driver,
// and ports' own runners). Normative: specs/vectors.md §"File" and §"Test"; rules.json:
// specs/rules.md §"Vectors".

import CoreWire

extension CloserError.Code {
    package static let vectorsMalformedFile = Self("vectors.malformed_file", .decodeError)
}

/// One op call of a loaded test.
package struct LoadedStep: Sendable {
    package let op: String
    /// The request members (no `id`, no `op`).
    package let input: [String: JSONValue]
    /// `{"error": {...}}` or the members the response must carry.
    package let expected: JSONValue
}

/// A test as read from a file.
package struct LoadedTest: Sendable {
    package let suite: String
    package let tcID: Int
    package let comment: String
    package let flags: [String]
    /// The file's `result`. For rules tests `invalid` means "denied", which the op still answers
    /// with `ok: true`: `checkAsOutput` is then true.
    package let result: VectorResult
    package let checkAsOutput: Bool
    package let steps: [LoadedStep]
    package let intermediates: [String: JSONValue]
    /// The ManualConflict reading the test belongs to (specs/vectors.md §"Test" `reading`).
    package var reading: VectorReading? = nil

    /// The result used to check responses.
    package var checkedResult: VectorResult { checkAsOutput ? .valid : result }

    /// The layer an invalid test's last step must be refused at.
    package var expectedLayer: VectorLayer? {
        steps.last?.expected["error"]?["layer"]?.stringValue.flatMap(VectorLayer.init(rawValue:))
    }
}

/// A flag's note.
package struct LoadedNote: Sendable {
    package let bugType: String
    package let layer: VectorLayer?
    package let description: String
}

/// A suite as read from a file.
package struct LoadedSuite: Sendable {
    package let name: String
    package let schema: String
    package let numberOfTests: Int
    package let notes: [String: LoadedNote]
    package let tests: [LoadedTest]
    /// The file's `header` lines joined by newlines ("" when it has none): kept so a run's
    /// record need not parse the file again.
    package var header = ""

    /// Every op the suite's tests call.
    package var ops: Set<String> { Set(tests.flatMap { $0.steps.map(\.op) }) }
}

package enum VectorFile {
    /// Parses one file's bytes. `name` is the file name without `.json`.
    package static func load(_ bytes: [UInt8], name: String) throws(CloserError) -> LoadedSuite {
        let json = try JSONValue(parsing: bytes)
        func malformed(_ why: String) -> CloserError { CloserError(.vectorsMalformedFile, "\(name).json: \(why)") }
        guard let schema = json["schema"]?.stringValue else { throw malformed("no string member schema") }
        guard let n = wholeNumber(json["numberOfTests"]) else {
            throw malformed("numberOfTests is not a whole number within ±2^53")
        }
        guard case .array(let groups)? = json["testGroups"] else { throw malformed("no array testGroups") }
        var notes: [String: LoadedNote] = [:]
        if case .object(let o)? = json["notes"] {
            for (flag, note) in o {
                notes[flag] = LoadedNote(
                    bugType: note["bugType"]?.stringValue ?? "",
                    layer: note["layer"]?.stringValue.flatMap(VectorLayer.init(rawValue:)),
                    description: note["description"]?.stringValue ?? "")
            }
        }
        let isRules = schema == "rules_vectors_v1"
        var tests: [LoadedTest] = []
        for group in groups {
            guard case .array(let items)? = group["tests"] else { throw malformed("a group without tests") }
            for t in items {
                guard let id = wholeNumber(t["tcId"]) else {
                    throw malformed("a test whose tcId is missing or not a whole number within ±2^53")
                }
                let label = "tcId \(id)"
                guard let resultText = t["result"]?.stringValue, let result = VectorResult(rawValue: resultText)
                else { throw malformed("\(label): result must be valid, invalid or acceptable") }
                var flags: [String] = []
                if case .array(let f)? = t["flags"] { flags = f.compactMap(\.stringValue) }
                let steps: [LoadedStep]
                if isRules {
                    guard case .object(let request)? = t["request"], let expected = t["expected"] else {
                        throw malformed("\(label): rules tests need request and expected")
                    }
                    steps = [LoadedStep(op: "rules.evaluate", input: request, expected: expected)]
                } else if case .array(let s)? = t["steps"] {
                    steps = try s.map { (step: JSONValue) throws(CloserError) -> LoadedStep in
                        try loadStep(step, label, malformed)
                    }
                } else {
                    steps = [try loadStep(t, label, malformed)]
                }
                var intermediates: [String: JSONValue] = [:]
                if case .object(let o)? = t["intermediates"] { intermediates = o }
                var test = LoadedTest(
                    suite: name, tcID: id, comment: t["comment"]?.stringValue ?? "", flags: flags,
                    result: result, checkAsOutput: isRules, steps: steps, intermediates: intermediates)
                if let member = t["reading"] {
                    guard let reading = VectorReading(json: member) else {
                        throw malformed("\(label): reading needs conflict, choice pinned|manual, replaces tcIds")
                    }
                    test.reading = reading
                }
                tests.append(test)
            }
        }
        var header = ""
        if case .array(let lines)? = json["header"] { header = lines.compactMap(\.stringValue).joined(separator: "\n") }
        return LoadedSuite(name: name, schema: schema, numberOfTests: n, notes: notes, tests: tests, header: header)
    }

    /// A JSON number that is a whole number JSON carries exactly (|n| ≤ 2^53), as an Int; nil
    /// for anything else (2.9, 1e300, -1e20, a string). Never traps: specs/vectors.md §"Test".
    package static func wholeNumber(_ value: JSONValue?) -> Int? {
        guard case .number(let d)? = value, d.isFinite, d == d.rounded(), abs(d) <= 9_007_199_254_740_992 else {
            return nil
        }
        return Int(exactly: d)
    }

    static func loadStep(_ t: JSONValue, _ label: String, _ malformed: (String) -> CloserError) throws(CloserError)
        -> LoadedStep
    {
        guard let op = t["op"]?.stringValue else { throw malformed("\(label): no op") }
        guard case .object(let input)? = t["input"] else { throw malformed("\(label): no input object") }
        guard let expected = t["expected"] else { throw malformed("\(label): no expected") }
        return LoadedStep(op: op, input: input, expected: expected)
    }
}
