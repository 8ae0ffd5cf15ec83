// What the three scheduled senders share: elapsed days, the members a reminder can go to, and
// a reminder's queue records and pushes. Normative: specs/cloud-functions.md §The scheduled
// reminders (D-CF-77, D-CF-78, D-CF-79).

import CloserWire

public enum ScheduledReminders {
    static let nanosecondsPerDay: Int64 = 86_400 * 1_000_000_000

    /// Whole 24-hour periods from `start` to `run`, rounded toward negative infinity (D-CF-78).
    /// Nil when the difference does not fit in nanoseconds of an Int64 (about 292 years), which
    /// no reminder's window reaches; the senders read nil as "out of range".
    public static func elapsedDays(from start: Instant, to run: Instant) -> Int64? {
        let (seconds, overflow) = run.seconds.subtractingReportingOverflow(start.seconds)
        guard !overflow, seconds.magnitude < UInt64(Int64.max / 1_000_000_000 - 1) else { return nil }
        let nanos = seconds * 1_000_000_000 + Int64(run.nanoseconds) - Int64(start.nanoseconds)
        let (q, r) = nanos.quotientAndRemainder(dividingBy: nanosecondsPerDay)
        return r < 0 ? q - 1 : q
    }

    /// Every member of `userIds` that is a document id, once, in order (D-CF-77's rule).
    public static func members(of couple: JSONValue) -> [String] {
        var members: [String] = []
        for id in CoupleCascade.members(couple) ?? [] where CoupleCascade.isDocumentID(id) {
            if !members.containsIdentical(id) { members.append(id) }
        }
        return members
    }

    /// A stored instant: a `{timestampValue}`; anything else (absent, null, another type) is nil.
    public static func storedInstant(_ document: JSONValue, _ member: String) -> Instant? {
        document.member(exactly: member).flatMap(DocumentShape.timestamp)
    }

    /// Per recipient a queue record, then (after every write) one push each (D-CF-79).
    public static func plan(_ recipients: [(uid: String, type: String)]) -> CascadePlan {
        var plan = CascadePlan()
        for r in recipients {
            plan.writes.append(
                FirestoreWrite(
                    kind: .add, path: "users/\(r.uid)/notification_queue",
                    members: ["type": .string(r.type), "read": .bool(false)], serverTimestamps: ["createdAt"]))
        }
        plan.pushes = recipients.map { CascadePush(recipient: $0.uid, type: $0.type) }
        return plan
    }

    /// Why a run sends nothing for a couple: the skip's name as the op writes it.
    public struct Skip: Error, Sendable, Equatable {
        public let name: String
        init(_ name: String) { self.name = name }
        static let noMembers = Skip("no_members")
    }
}
