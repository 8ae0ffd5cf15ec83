// The scheduled-reminder ops: what one run of sendReengagementReminder, scheduledOutcomesReminder,
// sendChallengeDayReminders or unlockDueMemoryCapsules sends for one couple. Fields:
// specs/harness.md §"Ops"; semantics and the order of refusals: specs/cloud-functions.md §The
// scheduled reminders.

import CloserContracts
import CloserWire

extension HarnessOps {
    static let scheduledReminders: [HarnessOp] = [
        // reminder.reengagement(run, coupleId, couple, users) -> send, skip?, quiet, writes, pushes
        HarnessOp(.reminderReengagement) { r throws(CloserError) in
            let run = try r.string("run")
            let coupleId = try r.string("coupleId")
            let couple = try objectField(r, "couple", nullable: false) ?? .null
            let users = try objectOfObjects(r, "users")
            try documentID(coupleId, "coupleId")
            let decision = ReengagementReminder.decide(
                run: try Instant(rfc3339: run), couple: couple, users: users, utcOffset: TZDatabase.utcOffset)
            var out = reminderOutput(decision.skip, decision.plan)
            out["quiet"] = .array(decision.quiet.map(JSONValue.string))
            return out
        },
        // reminder.outcome(run, coupleId, couple, outcomes) -> send, skip?, dayKey?, writes, pushes
        HarnessOp(.reminderOutcome) { r throws(CloserError) in
            let run = try r.string("run")
            let coupleId = try r.string("coupleId")
            let couple = try objectField(r, "couple", nullable: false) ?? .null
            let outcomes = try objectOfStringArrays(r, "outcomes")
            try documentID(coupleId, "coupleId")
            switch OutcomeReminder.decide(run: try Instant(rfc3339: run), couple: couple, outcomes: outcomes) {
            case .success(let sent):
                var out = reminderOutput(nil, sent.plan)
                out["dayKey"] = .string(sent.dayKey)
                return out
            case .failure(let skip): return reminderOutput(skip, nil)
            }
        },
        // reminder.challengeDay(run, coupleId, startedAt, totalDays, completed, couple)
        //   -> send, skip?, day?, writes, pushes
        HarnessOp(.reminderChallengeDay) { r throws(CloserError) in
            let run = try r.string("run")
            let coupleId = try r.string("coupleId")
            let startedAt = try r.string("startedAt")
            let totalDays = try r.integer("totalDays", in: 1...ChallengeDayReminder.dayRange.upperBound)
            let completed = try completedDays(r)
            let couple = try objectField(r, "couple", nullable: false) ?? .null
            try documentID(coupleId, "coupleId")
            let runAt = try Instant(rfc3339: run)
            let challenge = ChallengeState(
                startedAt: try Instant(rfc3339: startedAt), totalDays: totalDays, completed: completed)
            switch ChallengeDayReminder.decide(run: runAt, challenge: challenge, couple: couple) {
            case .success(let sent):
                var out = reminderOutput(nil, sent.plan)
                out["day"] = .number(Double(sent.day))
                return out
            case .failure(let skip): return reminderOutput(skip, nil)
            }
        },
        // reminder.capsuleUnlock(run, coupleId, capsuleId, unlockAt, unlocked, couple) -> send, skip?, writes, pushes
        HarnessOp(.reminderCapsuleUnlock) { r throws(CloserError) in
            let run = try r.string("run")
            let coupleId = try r.string("coupleId")
            let capsuleId = try r.string("capsuleId")
            let unlockAt = try r.string("unlockAt")
            let unlocked = try boolField(r, "unlocked")
            let couple = try objectField(r, "couple", nullable: false) ?? .null
            try documentID(coupleId, "coupleId")
            try documentID(capsuleId, "capsuleId")
            let runAt = try Instant(rfc3339: run)
            let decision = CapsuleUnlock.decide(
                run: runAt, unlockAt: try Instant(rfc3339: unlockAt), unlocked: unlocked, couple: couple)
            switch decision {
            case .success(let plan): return reminderOutput(nil, plan)
            case .failure(let skip): return reminderOutput(skip, nil)
            }
        },
    ]

    /// `send`, `skip` (when skipped), `writes` and `pushes` (empty when skipped).
    static func reminderOutput(_ skip: ScheduledReminders.Skip?, _ plan: CascadePlan?) -> [String: JSONValue] {
        var out = cascade(nil, skip == nil ? plan : nil)
        out["send"] = .bool(skip == nil)
        if let skip { out["skip"] = .string(skip.name) }
        return out
    }

    /// An object whose every member is an object (`users`: uid → document).
    static func objectOfObjects(_ r: HarnessRequest, _ name: String) throws(CloserError) -> JSONValue {
        let v = try objectField(r, name, nullable: false) ?? .null
        guard case .object(let members) = v, members.values.allSatisfy({ if case .object = $0 { true } else { false } })
        else { throw malformed(name, "must be an object of objects") }
        return v
    }

    /// An object whose every member is an array of strings (`outcomes`: uid → document ids).
    static func objectOfStringArrays(_ r: HarnessRequest, _ name: String) throws(CloserError) -> JSONValue {
        let v = try objectField(r, name, nullable: false) ?? .null
        guard case .object(let members) = v,
            members.values.allSatisfy({
                guard case .array(let items) = $0 else { return false }
                return items.allSatisfy { $0.stringValue != nil }
            })
        else { throw malformed(name, "must be an object of arrays of strings") }
        return v
    }

    /// `completed`: an object whose every member is an integer in ChallengeDayReminder.dayRange.
    static func completedDays(_ r: HarnessRequest) throws(CloserError) -> JSONValue {
        let v = try objectField(r, "completed", nullable: false) ?? .null
        let range = ChallengeDayReminder.dayRange
        guard case .object(let members) = v,
            members.values.allSatisfy({
                guard case .number(let d) = $0 else { return false }
                return d == d.rounded() && d >= Double(range.lowerBound) && d <= Double(range.upperBound)
            })
        else {
            throw malformed("completed", "must be an object of integers in \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }
}
