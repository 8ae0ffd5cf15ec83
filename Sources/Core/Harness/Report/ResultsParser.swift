// Reads the results files `closer-spec report` takes: `harness --results` (v1: no `format`
// member; v2: `"format": "closer-spec-harness-results", "formatVersion": 2`), `explore --results`
// and `interop --results` (`"format": "closer-spec-interop"`). A file that is none of them is
// `report.malformed_results`. Normative: specs/report.md §"Results formats".

import CloserVectorModel
import CloserWire

extension CloserError.Code {
    package static let reportMalformedResults = Self("report.malformed_results", .decodeError)
}

/// The parsers of the results formats, one file at a time.
package enum ResultsParser {
    /// A results file is read through `BoundedFile`: at most this many bytes.
    package static let maximumFileBytes = 256 << 20

    /// Reads `path` and adds what it holds to `inputs`.
    package static func read(path: String, into inputs: inout ReportInputs) throws(CloserError) {
        let bytes = try BoundedFile.read(path, limit: maximumFileBytes)
        try parse(bytes, source: path, into: &inputs)
    }

    /// Parses one file's bytes (`source` names it in errors and on the page).
    package static func parse(_ bytes: [UInt8], source: String, into inputs: inout ReportInputs) throws(CloserError) {
        let json: JSONValue
        do { json = try JSONValue(parsing: bytes) } catch {
            throw CloserError(.reportMalformedResults, "\(source): not JSON (\(error.reason))")
        }
        guard case .object = json else { throw malformed(source, "not a JSON object") }
        if json["format"]?.stringValue == "closer-spec-interop" {
            inputs.interop.append(try interop(json, source: source))
        } else if json["findings"] != nil, json["casesPerOp"] != nil {
            inputs.explore.append(try explore(json, source: source))
        } else if json["tests"] != nil, json["suites"] != nil {
            inputs.harness.append(try harness(json, source: source))
        } else {
            throw malformed(source, "neither harness, explore nor interop results (specs/report.md)")
        }
    }

    static func malformed(_ source: String, _ why: String) -> CloserError {
        CloserError(.reportMalformedResults, "\(source): \(why)")
    }

    /// A whole number of a member (nil when absent or not one).
    static func int(_ v: JSONValue?) -> Int? { VectorFile.wholeNumber(v) }

    static func strings(_ v: JSONValue?) -> [String] {
        guard case .array(let a)? = v else { return [] }
        return a.compactMap(\.stringValue)
    }

    static func array(_ v: JSONValue?, _ member: String, _ source: String) throws(CloserError) -> [JSONValue] {
        guard case .array(let a)? = v else { throw malformed(source, "\(member) is not an array") }
        return a
    }
}
