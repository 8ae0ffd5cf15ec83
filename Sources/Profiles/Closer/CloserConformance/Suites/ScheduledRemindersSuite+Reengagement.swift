// The scheduled_reminders suite's re-engagement cases. Normative: specs/cloud-functions.md
// §sendReengagementReminder (D-CF-78..81).

import CloserHarness
import CloserVectorModel
import CloserWire

extension ScheduledRemindersSuite {
    /// Noon in America/Chicago (CDT) on the run day.
    static let noon = "2026-06-15T17:00:00Z"

    static func quietCouple(_ lastAnswered: JSONValue?, userIds: JSONValue? = ids(["alice", "bob"])) -> JSONValue {
        var m: [String: JSONValue] = [:]
        m["userIds"] = userIds
        m["lastAnsweredAt"] = lastAnswered
        return .object(m)
    }

    static func window(_ enabled: Bool, _ start: Int, _ end: Int, _ zone: String) -> JSONValue {
        .object([
            "quietHoursEnabled": .bool(enabled), "quietHoursStartMinutes": V.int(start),
            "quietHoursEndMinutes": V.int(end), "timezone": .string(zone),
        ])
    }

    /// 11:00–13:00 in Chicago: the noon run is inside.
    static let chicagoMidday = window(true, 660, 780, "America/Chicago")

    static func reInput(
        lastAnswered: JSONValue? = ts("2026-06-10T17:00:00Z"), couple: JSONValue? = nil,
        users: JSONValue = .object([:]),
        coupleId: JSONValue = .string("c1"), run: String = noon
    ) -> [(String, JSONValue)] {
        [
            ("run", .string(run)), ("coupleId", coupleId), ("couple", couple ?? quietCouple(lastAnswered)),
            ("users", users),
        ]
    }

    static func reSent(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], to uids: [String],
        quiet: [String] = [], pins: [VectorPin]
    ) -> VectorCase {
        cited(
            VectorCase.valid(
                comment, flags: [sentFlag] + flags, op: HarnessOpSpec.reminderReengagement.name, input: input,
                output: [("send", .bool(true)), ("quiet", ids(quiet))] + reminded(uids.map { ($0, "reengagement") })),
            pins)
    }

    static func reSkipped(
        _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)], _ skip: String,
        quiet: [String] = [], pins: [VectorPin]
    ) -> VectorCase {
        cited(
            VectorCase.valid(
                comment, flags: flags, op: HarnessOpSpec.reminderReengagement.name, input: input,
                output: [("send", .bool(false)), ("skip", .string(skip)), ("quiet", ids(quiet))] + nothing), pins)
    }

    static func reengagementSent() -> [VectorCase] {
        let quiet = VectorPin("D-CF-80", .accept)
        let days = VectorPin("D-CF-78", .accept)
        let own = VectorPin("D-CF-81", .accept)
        let odd = quietCouple(
            ts("2026-06-10T17:00:00Z"), userIds: ids(["bob", "", "a/b", "alice", "bob"]))
        return [
            reSent(
                "Five days quiet, no user documents: both members", [], reInput(), to: ["alice", "bob"],
                pins: [quiet, VectorPin("D-CF-79", .accept)]),
            reSent(
                "Exactly three days quiet", [quietRange], reInput(lastAnswered: ts("2026-06-12T17:00:00Z")),
                to: ["alice", "bob"], pins: [quiet, days]),
            reSent(
                "Exactly ten days quiet", [quietRange], reInput(lastAnswered: ts("2026-06-05T17:00:00Z")),
                to: ["alice", "bob"], pins: [quiet, days]),
            reSent(
                "Eleven days less a nanosecond: ten whole days", [quietRange, elapsed],
                reInput(lastAnswered: ts("2026-06-04T17:00:00.000000001Z")), to: ["alice", "bob"], pins: [quiet, days]),
            reSent(
                "bob in quiet hours (11:00-13:00 Chicago): alice only, bob listed", [quietHours],
                reInput(users: .object(["bob": chicagoMidday])), to: ["alice"], quiet: ["bob"], pins: [own]),
            reSent(
                "A window starting at the run's minute (17:00 UTC) is quiet", [quietHours],
                reInput(users: .object(["alice": window(true, 1020, 1021, "UTC")])), to: ["bob"], quiet: ["alice"],
                pins: [own]),
            reSent(
                "A Berlin night window and a disabled one: nobody is quiet at noon Chicago", [quietHours],
                reInput(
                    users: .object([
                        "alice": window(true, 1320, 480, "Europe/Berlin"),
                        "bob": window(false, 660, 780, "America/Chicago"),
                    ])), to: ["alice", "bob"], pins: [own]),
            reSent(
                "An unknown time zone fails open: reminded", [quietHours],
                reInput(users: .object(["alice": window(true, 0, 1439, "Mars/Olympus_Mons")])), to: ["alice", "bob"],
                pins: [own]),
            reSent(
                "userIds in another order, an empty member, one with a slash, a repeat", [membersFlag],
                reInput(couple: odd), to: ["bob", "alice"], pins: [VectorPin("D-CF-77", .accept)]),
        ]
    }

    static func reengagementSkipped() -> [VectorCase] {
        let notQuiet = VectorPin("D-CF-80", .refuse)
        let days = VectorPin("D-CF-78", .accept)
        return [
            reSkipped(
                "Three days less a nanosecond: two whole days", [quietRange, elapsed],
                reInput(lastAnswered: ts("2026-06-12T17:00:00.000000001Z")), "not_quiet", pins: [notQuiet, days]),
            reSkipped(
                "Exactly eleven days quiet", [quietRange], reInput(lastAnswered: ts("2026-06-04T17:00:00Z")),
                "not_quiet", pins: [notQuiet]),
            reSkipped(
                "lastAnsweredAt a day after the run", [quietRange, elapsed],
                reInput(lastAnswered: ts("2026-06-16T17:00:00Z")), "not_quiet", pins: [notQuiet, days]),
            reSkipped(
                "lastAnsweredAt null: a couple that never answered", [quietRange], reInput(lastAnswered: .null),
                "not_quiet", pins: [notQuiet]),
            reSkipped("No lastAnsweredAt", [quietRange], reInput(lastAnswered: nil), "not_quiet", pins: [notQuiet]),
            reSkipped(
                "lastAnsweredAt a string, not a timestamp", [quietRange],
                reInput(lastAnswered: .string("2026-06-10T17:00:00Z")), "not_quiet", pins: [notQuiet]),
            reSkipped(
                "Quiet, but no userIds", [membersFlag],
                reInput(couple: quietCouple(ts("2026-06-10T17:00:00Z"), userIds: nil)), "no_members",
                pins: [VectorPin("D-CF-77", .refuse)]),
            reSkipped(
                "Never answered and no userIds: not_quiet is checked first", [skipOrder],
                reInput(couple: quietCouple(.null, userIds: nil)), "not_quiet", pins: [notQuiet]),
            reSkipped(
                "Both members in quiet hours", [quietHours],
                reInput(users: .object(["alice": chicagoMidday, "bob": chicagoMidday])), "quiet_hours",
                quiet: ["alice", "bob"], pins: [VectorPin("D-CF-81", .refuse)]),
        ]
    }
}
