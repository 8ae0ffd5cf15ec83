// Which reveal path a reader runs for a daily answer: the reader's OWN answer's schemaVersion
// decides (the partner's is dead data on Android's read path), and what it reads.
// Normative: specs/cloud-functions.md §Reveal path (D-CF-30, D-CF-41..43).

import CloserWire

extension CloserError.Code {
    public static let revealUnknownSchemaVersion = Self("reveal.unknown_schema_version", .invalidParameters)
}

/// The reader's phase and branch (specs/cloud-functions.md §Reveal path).
public struct RevealPlan: Sendable, Equatable {
    /// `unanswered` (the reader has not answered), `waiting` (the partner has not), `ready`.
    public var phase: String
    /// `coupleKey` (schemaVersion 2) or `sealed` (3); nil while unanswered.
    public var path: String?
    /// The documents read to reveal, when ready.
    public var reads: [String]
}

public enum RevealPath {
    /// The answer's schemaVersion when it is 2 or 3 (an integral JSON number).
    static func schemaVersion(_ answer: JSONValue) -> Int? {
        guard case .number(let v)? = answer["schemaVersion"], v == 2 || v == 3 else { return nil }
        return Int(v)
    }

    public static func plan(
        own: JSONValue?, partner: JSONValue?, coupleId: String, date: String, userId: String, partnerId: String
    ) throws(CloserError) -> RevealPlan {
        guard let own else { return RevealPlan(phase: "unanswered", path: nil, reads: []) }
        guard let version = schemaVersion(own) else {
            throw CloserError(.revealUnknownSchemaVersion, "the reader's own answer has no schemaVersion 2 or 3")
        }
        let path = version == 2 ? "coupleKey" : "sealed"
        guard partner != nil else { return RevealPlan(phase: "waiting", path: path, reads: []) }
        let answer = "couples/\(coupleId)/daily_question/\(date)/answers/\(partnerId)"
        let reads = version == 2 ? [answer + "/secure/payload"] : [answer, answer + "/releaseKeys/\(userId)"]
        return RevealPlan(phase: "ready", path: path, reads: reads)
    }
}
