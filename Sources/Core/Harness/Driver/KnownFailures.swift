// Known divergences of a port, each with a reason: tests listed here that fail are reported
// as divergences, not failures. Normative: specs/harness.md §"Driver" (`--known-failures FILE`).
//
//   {"divergences": [{"suite": "enc_v1", "tcId": 57, "reason": "…"}]}

import CloserVectorModel
import CloserWire

extension CloserError.Code {
    package static let harnessBadKnownFailures = Self("harness.bad_known_failures", .malformedRequest)
}

package struct KnownFailures: Sendable {
    package struct Key: Hashable, Sendable {
        package let suite: String
        package let tcID: Int
    }

    package let reasons: [Key: String]

    package init(reasons: [Key: String] = [:]) { self.reasons = reasons }

    package init(parsing bytes: [UInt8]) throws(CloserError) {
        let json = try JSONValue(parsing: bytes)
        guard case .array(let items)? = json["divergences"] else {
            throw CloserError(
                .harnessBadKnownFailures,
                "a known-failures file is {\"divergences\": [{\"suite\", \"tcId\", \"reason\"}]}")
        }
        var reasons: [Key: String] = [:]
        for item in items {
            guard let suite = item["suite"]?.stringValue, let id = VectorFile.wholeNumber(item["tcId"]),
                let reason = item["reason"]?.stringValue, !reason.isEmpty
            else {
                throw CloserError(
                    .harnessBadKnownFailures,
                    "every divergence needs a suite, a whole-number tcId and a non-empty reason")
            }
            reasons[Key(suite: suite, tcID: id)] = reason
        }
        self.reasons = reasons
    }

    /// Reads and parses the file at `path` (at most 4 MiB, a regular file: BoundedFile).
    package init(file path: String) throws(CloserError) {
        try self.init(parsing: BoundedFile.read(path, limit: BoundedFile.maximumDivergencesFileBytes))
    }

    package func reason(suite: String, tcID: Int) -> String? { reasons[Key(suite: suite, tcID: tcID)] }
}
