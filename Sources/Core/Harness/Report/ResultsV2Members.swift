// The members results v2 adds to `harness --results` (v1's members all stay). Normative:
// specs/report.md §"Results formats".

import CloserWire

/// The format tag and version a results file of `harness --results` carries from v2 on.
package enum HarnessResultsFormat {
    package static let name = "closer-spec-harness-results"
    package static let version = 2
}

extension RunRecord {
    /// `format`, `formatVersion`, `port` {command} and `vectorSets` [{profile, version,
    /// manifestSha256, suites}].
    package var resultsMembers: [String: JSONValue] {
        var out: [String: JSONValue] = [
            "format": .string(HarnessResultsFormat.name),
            "formatVersion": .number(Double(HarnessResultsFormat.version)),
            "vectorSets": .array(
                vectorSets.map { set in
                    .object([
                        "profile": .string(set.profile), "version": set.version.map(JSONValue.string) ?? .null,
                        "manifestSha256": set.manifestSHA256.map(JSONValue.string) ?? .null,
                        "suites": .array(set.suites.map { .string($0.name) }),
                    ])
                }),
        ]
        if let portCommand { out["port"] = .object(["command": .string(portCommand)]) }
        if !readings.isEmpty { out["readings"] = .object(readings.mapValues(JSONValue.string)) }
        return out
    }

    /// A suite's `profile`, `layers`, `decisionIds` and `bugTypes` {flag: bug type} (nothing for a suite of no recorded set).
    package func suiteMembers(_ name: String) -> [String: JSONValue] {
        for set in vectorSets {
            guard let s = set.suites.first(where: { $0.name == name }) else { continue }
            return [
                "profile": .string(set.profile), "layers": .array(s.layers.map(JSONValue.string)),
                "decisionIds": .array(s.decisionIDs.map(JSONValue.string)),
                "bugTypes": .object(s.bugTypes.mapValues(JSONValue.string)),
            ]
        }
        return [:]
    }
}

extension TestEvidence {
    /// `contentId`, `expectationDigest`, `decisionIds`, and for a test that did not pass
    /// `failedStep`, `request`, `expected`, `actual` (`actualBytes` when cut).
    package var resultsMembers: [String: JSONValue] {
        guard !contentID.isEmpty else { return [:] }
        var out: [String: JSONValue] = [
            "contentId": .string(contentID), "expectationDigest": .string(expectationDigest),
            "decisionIds": .array(decisionIDs.map(JSONValue.string)),
        ]
        if let failedStep { out["failedStep"] = .number(Double(failedStep)) }
        if let request { out["request"] = request }
        if let expected { out["expected"] = expected }
        if let actual { out["actual"] = actual }
        if let actualBytes { out["actualBytes"] = .number(Double(actualBytes)) }
        return out
    }
}
