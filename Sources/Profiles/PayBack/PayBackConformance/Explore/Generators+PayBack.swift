// Generators of the PayBack profile's ops (specs/profiles/payback/): member ids (UUIDs in every
// case, a few equal by value in another case, and spellings that are not UUIDs), amounts and
// percents at every bound of balance.md, splits and balances over lists of 0–6 participants,
// e-mails and descriptions with ASCII and Unicode white space, and the account_friends and
// accounts documents with each member missing, null or of another type. Normative:
// specs/explore.md §"Generators".

import CloserHarness
import CoreWire

extension ExploreRandom {
    /// Cents at every bound of balance.md §Amounts (1…10^11), sometimes outside or not whole.
    func cents() -> JSONValue {
        if chance(60) { return .number(Double(1 + below(pick([10, 1000, 100_000])))) }
        return pick([
            .number(1), .number(1e11), .number(1e11 + 1), .number(0), .number(-1), .number(12.5), .number(0.5),
            .number(9_007_199_254_740_992), .number(1e300), .number(99_999_999_999), .number(-0.0),
        ])
    }

    /// A percent text (balance.md §Percent): valid most often, else a spelling it refuses.
    func percentText() -> String {
        if chance(70) { return pick(["\(below(101))", "\(below(100)).\(below(10))", "\(below(100)).\(below(100))"]) }
        return pick([
            "100", "100.00", "100.01", "0", "0.0", "01", ".5", "+5", "5e1", " 5", "33.333", "101", "-0", "", "1.", "٣",
        ])
    }

    /// Text around the white space the pages name (ASCII, White_Space, U+FEFF, U+200B), or any text.
    func spacedText() -> String {
        let spaces = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2007}", "\u{2028}", "\u{3000}",
            "\u{FEFF}", "\u{200B}", "\u{180E}", "",
        ]
        let core = pick([
            "", "Dinner", "Bob@Example.COM", "x", "ΣΑΣ@EXAMPLE.COM", "İstanbul@K.com", "straße", text(max: 8),
        ])
        return pick(spaces) + pick(spaces) + core + pick(spaces)
    }

    /// One participant of `mode`: its member id, and the percent or cents the mode reads.
    func participant(_ mode: String) -> JSONValue {
        var p: [String: JSONValue] = ["memberId": .string(memberID())]
        if mode == "percent" || chance(5) { p["percent"] = chance(97) ? .string(percentText()) : .number(50) }
        if mode == "exact" || chance(5) { p["amountCents"] = chance(20) ? cents() : .number(Double(below(500))) }
        return .object(p)
    }

    /// A split: mode, amount and 0–6 participants; half the time the percents or cents add up.
    func split() -> [String: JSONValue] {
        let mode = chance(95) ? pick(["equal", "percent", "exact"]) : pick(["Equal", "shares", ""])
        let n = pick([0, 1, 2, 2, 3, 3, 4, 5, 6])
        var people = (0..<n).map { _ in participant(mode) }
        let amount = cents()
        guard n > 0, chance(50) else {
            return ["amountCents": amount, "mode": .string(mode), "participants": .array(people)]
        }
        if mode == "percent" {
            // Basis points that add up to 10000, written with 0–2 decimals.
            var left = 10_000
            for i in 0..<n {
                let bp = i == n - 1 ? left : below(left / 100 + 1) * 100 + (chance(50) ? below(100) : 0)
                left -= min(bp, left)
                let text = bp % 100 == 0 ? "\(bp / 100)" : String(format: "%d.%02d", bp / 100, bp % 100)
                people[i] = .object(["memberId": .string(memberID()), "percent": .string(text)])
            }
        } else if mode == "exact", case .number(let a) = amount, a >= 0, a <= 1e11, a == a.rounded() {
            var left = Int(a)
            for i in 0..<n {
                let share = i == n - 1 ? left : below(left + 1)
                left -= share
                people[i] = .object(["memberId": .string(memberID()), "amountCents": .number(Double(share))])
            }
        }
        return ["amountCents": amount, "mode": .string(mode), "participants": .array(people)]
    }

    /// `value`, or (`percent`%) missing, null or another JSON type.
    func retyped(_ value: JSONValue, _ percent: Int = 8) -> JSONValue? {
        guard chance(percent) else { return value }
        return pick([nil, .null, .number(1), .bool(true), .string(""), .array([]), .object([:])])
    }

    /// A PayBack account: `{id, linkedMemberId, equivalentMemberIds}` of member ids.
    func paybackAccount() -> JSONValue {
        var a: [String: JSONValue] = [:]
        a["id"] = retyped(.string(memberID()), 3)
        a["linkedMemberId"] = retyped(chance(20) ? .null : .string(memberID()), 3)
        a["equivalentMemberIds"] = retyped(.array((0..<below(4)).map { _ in .string(memberID()) }), 3)
        return .object(a)
    }
}
