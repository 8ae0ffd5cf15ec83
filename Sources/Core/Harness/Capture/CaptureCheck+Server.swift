// Server-side capture sections: what a deployed Cloud Function did, read back from a staging
// backend, checked by running the harness op that models the function in-process on the captured
// input and comparing its output with the captured one member by member (specs/capture.md
// §"Server-side captures"). Details name members, codes and statuses only, never a value.

import CloserWire

extension CaptureCheck {
    /// The server-side sections, in the order they are checked (after the client sections).
    package static let serverSections = [
        "acceptInviteWrites", "createInviteWrites", "pushMessages", "revenueCatWebhook",
    ]

    /// Runs the harness op `spec` on `input` (a capture section's `input` object). A request
    /// member the op does not read, or a missing or mistyped field, is `capture.missing_member`;
    /// a refusal of the op's own rules is returned as `.failure` (some sections compare it).
    static func runOp(_ spec: HarnessOpSpec, _ input: [String: JSONValue], _ section: String) throws(CloserError)
        -> Result<[String: JSONValue], CloserError>
    {
        let name = spec.name
        guard let op = HarnessOps.closer.first(where: { $0.name == name }) else {
            throw CloserError(.captureMissingMember, "\(section): no op \(name)")
        }
        let unknown = Set(input.keys).subtracting(op.spec.allowedFields).sorted()
        guard unknown.isEmpty else {
            throw CloserError(
                .captureMissingMember,
                "\(section).input has members \(name) does not read: \(unknown.joined(separator: ", "))")
        }
        do {
            return .success(try op.handler(HarnessRequest(id: .null, op: name, fields: input)))
        } catch  where error.code == .harnessMalformedRequest {
            throw CloserError(.captureMissingMember, "\(section).input: \(error.reason)")
        } catch {
            return .failure(error)
        }
    }

    /// The section's `input` and `observed` objects.
    static func serverParts(_ s: CaptureSection) throws(CloserError) -> (
        input: [String: JSONValue], observed: [String: JSONValue]
    ) {
        guard case .object(let input) = try s.object("input"), case .object(let observed) = try s.object("observed")
        else { throw CloserError(.captureMissingMember, "\(s.name).input and .observed must be objects") }
        return (input, observed)
    }

    /// Compares one observed member with the op's prediction (`nil`: the op predicts none, which
    /// a captured `null` agrees with). Confirms or contradicts `ids`; a member the capture leaves
    /// out is not compared. `exact`: the capture may not carry further members (FCM data).
    static func compareMember(
        _ member: String, predicted: JSONValue?, observed: [String: JSONValue], ids: [String], exact: Bool = false,
        _ section: String, into r: inout CaptureReport
    ) {
        guard let seen = observed[member] else { return }
        let expected = predicted ?? .null
        let mismatch =
            exact ? (expected == seen ? nil : []) : ServerCaptureMatch.differences(expected: expected, observed: seen)
        if let differing = mismatch {
            let which = differing.isEmpty ? "" : " (members \(differing.joined(separator: ", ")))"
            r.contradict(ids, section, "\(member) differs from what the op computes\(which)")
        } else {
            r.confirm(ids, section, "\(member) is what the op computes")
        }
    }
}

/// Equality of a captured document with the op's prediction: timestamps (`{"timestampValue":
/// RFC 3339}`) compare as instants; an object the op predicts matches when every member it
/// predicts is equal, and the capture's further members (server timestamps, members the op does
/// not model) are allowed.
enum ServerCaptureMatch {
    /// nil when they match; else the top-level member names that differ (empty for a scalar or
    /// an array).
    static func differences(expected: JSONValue, observed: JSONValue) -> [String]? {
        switch (expected, observed) {
        case (.object(let e), .object(let o)) where !isTimestamp(e) && expected != anyTimestamp:
            let bad = e.keys.filter { key in
                guard let seen = o[key] else { return true }
                return differences(expected: e[key]!, observed: seen) != nil
            }
            return bad.isEmpty ? nil : bad.sorted()
        default:
            return matches(expected, observed) ? nil : []
        }
    }

    static func matches(_ e: JSONValue, _ o: JSONValue) -> Bool {
        switch (e, o) {
        case (anyTimestamp, .object(let b)): return instant(b) != nil
        case (.object(let a), .object(let b)) where isTimestamp(a) && isTimestamp(b):
            return instant(a) != nil && instant(a) == instant(b)
        case (.object, .object): return differences(expected: e, observed: o) == nil
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        default: return e == o
        }
    }

    /// A prediction matched by a timestamp of any instant (a member the function sets to the
    /// server's time, `FieldValue.serverTimestamp()`).
    static let anyTimestamp = JSONValue.object(["serverTimestamp": .bool(true)])

    static func isTimestamp(_ members: [String: JSONValue]) -> Bool {
        members.count == 1 && members["timestampValue"]?.stringValue != nil
    }

    static func instant(_ members: [String: JSONValue]) -> Instant? {
        members["timestampValue"]?.stringValue.flatMap { try? Instant(rfc3339: $0) }
    }
}
