// Generators of the scheduled-reminder ops: instants a whole number of days before or after the
// run, give or take a nanosecond, a second or an hour (the day counts' edges), quiet-hours users,
// outcomes and challenge progress at random, member lists with empty, slashed and repeated ids.
// Normative: specs/explore.md §"Generators"; the ops: specs/cloud-functions.md §The scheduled
// reminders.

import CloserContracts
import CloserHarness
import CloserWire

extension ExploreRandom {
    /// The run (an RFC 3339 text, sometimes a spelling the ops refuse) and its instant (a fixed
    /// one when the text does not parse, so the other fields can still be built).
    func run() -> (text: String, at: Instant) {
        let text = instant()
        return (text, (try? Instant(rfc3339: text)) ?? Instant(secondsSince1970: 1_781_542_800))
    }

    /// `at` moved by `days` whole days and, usually, a nudge of ±1 ns, ±1 s or ±1 h, as UTC text.
    func shifted(_ at: Instant, days: Int) -> String {
        let nudge = chance(40) ? 0 : pick([1, -1, 1_000_000_000, -1_000_000_000, 3_600_000_000_000])
        let total = Int64(days) * 86_400_000_000_000 + Int64(nudge) + Int64(at.nanoseconds)
        let (q, r) = total.quotientAndRemainder(dividingBy: 1_000_000_000)
        let seconds = at.seconds + q + (r < 0 ? -1 : 0)
        return Instant(secondsSince1970: seconds, nanoseconds: Int32(r < 0 ? r + 1_000_000_000 : r)).utcText
    }

    /// A couple's `userIds`: usually two members, sometimes odd lists or none.
    func reminderMembers() -> JSONValue? {
        guard chance(15) else { return .array([.string("alice"), .string("bob")]) }
        return pick([
            nil, .array([]), .array([.string("bob"), .string(""), .string("a/b"), .string("alice"), .string("bob")]),
            .array([.string("alice"), .string("bob"), .string("carol")]), .string("alice"),
        ])
    }

    func reminderCouple(_ extra: [String: JSONValue?]) -> JSONValue {
        var couple: [String: JSONValue] = [:]
        couple["userIds"] = reminderMembers()
        for (k, v) in extra { couple[k] = v }
        return .object(couple)
    }
}

extension ExploreGenerator {
    static var reminders: [ExploreGenerator] {
        [
            ExploreGenerator(.reminderReengagement) { r, _ in
                let run = r.run()
                let days = r.chance(70) ? r.pick([2, 3, 10, 11]) : r.below(16) - 2
                let last: JSONValue = .object(["timestampValue": .string(r.shifted(run.at, days: -days))])
                var users: [String: JSONValue] = [:]
                for uid in ["alice", "bob", "carol"] where r.chance(50) { users[uid] = r.quietHoursUser() }
                let couple = r.reminderCouple(["lastAnsweredAt": r.chance(90) ? last : r.usually(last)])
                let input: [String: JSONValue] = [
                    "run": .string(run.text), "coupleId": .string("c1"), "couple": couple, "users": .object(users),
                ]
                let refused = users.values.contains { if case .object = $0 { false } else { true } }
                return GeneratedInput(input, refused ? "request: a users value not an object" : "valid")
            },
            ExploreGenerator(.reminderOutcome) { r, _ in
                let run = r.run()
                let days = r.chance(70) ? r.pick([29, 30, 31, 59, 60, 61, 89, 90, 91, 0]) : r.below(120) - 5
                let created: JSONValue = .object(["timestampValue": .string(r.shifted(run.at, days: -days))])
                var outcomes: [String: JSONValue] = [:]
                for uid in ["alice", "bob"] where r.chance(60) {
                    let keys = ["day_0", "day_30", "day_60", "day_90"].filter { _ in r.chance(50) }
                    outcomes[uid] = .array(keys.map(JSONValue.string))
                }
                let couple = r.reminderCouple(["createdAt": r.chance(90) ? created : r.usually(created)])
                return GeneratedInput([
                    "run": .string(run.text), "coupleId": .string("c1"), "couple": couple,
                    "outcomes": .object(outcomes),
                ])
            },
            ExploreGenerator(.reminderChallengeDay) { r, _ in
                let run = r.run()
                let total = r.chance(95) ? 1 + r.below(10) : r.pick([0, 366, 367])
                var completed: [String: JSONValue] = [:]
                for uid in ["alice", "bob", "carol"] where r.chance(60) {
                    completed[uid] = .number(Double(r.below(12)))
                }
                return GeneratedInput([
                    "run": .string(run.text), "coupleId": .string("c1"),
                    "startedAt": .string(r.shifted(run.at, days: -(r.below(12) - 2))),
                    "totalDays": .number(Double(total)),
                    "completed": .object(completed), "couple": r.reminderCouple([:]),
                ])
            },
            ExploreGenerator(.reminderCapsuleUnlock) { r, _ in
                let run = r.run()
                return GeneratedInput([
                    "run": .string(run.text), "coupleId": .string("c1"), "capsuleId": .string("cap1"),
                    "unlockAt": .string(r.shifted(run.at, days: r.pick([0, 0, 0, -1, 1]))),
                    "unlocked": .bool(r.chance(20)), "couple": r.reminderCouple([:]),
                ])
            },
        ]
    }
}
