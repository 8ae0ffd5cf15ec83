// Generators of the cheap contract ops: `argon2id` (small costs, every bound ± 1), the recovery
// phrase (`phrase.fromEntropy`, `phrase.normalize`: case, whitespace, a word cut or doubled),
// `datekey.compute` and `quietHours.check` (instants at every offset, fraction and edge of the
// day, zones with odd offsets), `entitlement.evaluate` and `gentleReminder.rateLimit` (documents
// with members missing, null or of another type). Normative: specs/explore.md §"Generators".

import CloserHarness
import CloserWire
import Foundation

extension ExploreRandom {

    /// A Firestore timestamp map, or (20%) something else in its place.
    func timestampValue() -> JSONValue {
        guard chance(20) else { return .object(["timestampValue": .string(instant())]) }
        return pick([.null, .string(instant()), .number(0), .object([:])])
    }

    /// A member value that is usually `value`, sometimes missing (nil), null or another type.
    func usually(_ value: JSONValue) -> JSONValue? {
        guard chance(15) else { return value }
        return pick([nil, .null, .string("true"), .number(1), .object(["integerValue": .string("480")])])
    }
}

extension ExploreGenerator {
    static var contracts: [ExploreGenerator] {
        [
            ExploreGenerator(.argon2id, argon2id),
            ExploreGenerator(.phraseFromEntropy) { r, _ in
                r.chance(90)
                    ? GeneratedInput(["entropy": .hex(r.bytes(10))])
                    : GeneratedInput(["entropy": .hex(r.bytes(r.pick([0, 9, 11, 16])))], "phrase: entropy length")
            },
            ExploreGenerator(.phraseNormalize, phraseNormalize),
            ExploreGenerator(.dateKeyCompute) { r, _ in
                let kind = r.chance(95) ? r.pick(["dailyQuestion", "assignmentKey", "reminderDay"]) : "daily"
                return GeneratedInput(["instant": .string(r.instant()), "kind": .string(kind)])
            },
            ExploreGenerator(.quietHoursCheck, quietHours),
            ExploreGenerator(.entitlementEvaluate) { r, _ in
                GeneratedInput([
                    "own": r.entitlementDocument(), "partner": r.entitlementDocument(),
                    "revenueCatFallback": r.pick([.null, .bool(true), .bool(false)]), "now": .string(r.instant()),
                ])
            },
            ExploreGenerator(.gentleReminderRateLimit) { r, _ in
                var record: JSONValue = .null
                if r.chance(80) {
                    var doc: [String: JSONValue] = [:]
                    doc["count"] = r.usually(.number(Double(r.pick([0, 1, 4, 5, 6, r.below(20)]))))
                    // 5%: the ends of RFC 3339's range (the Int64-nanosecond overflow, cloud-functions.md).
                    let far = [
                        "0001-01-01T00:00:00Z", "0001-01-01T00:59:59.999999999Z", "9999-12-31T23:59:59.999999999Z",
                    ]
                    doc["windowStart"] =
                        r.chance(5) ? .object(["timestampValue": .string(r.pick(far))]) : r.timestampValue()
                    record = .object(doc)
                }
                return GeneratedInput(["record": record, "now": .string(r.instant())])
            },
        ]
    }

    @Sendable static func argon2id(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        let p = r.chance(95) ? 1 + r.below(4) : r.pick([0, 17])
        var input: [String: JSONValue] = [
            "password": .hex(r.bytes(r.length(max: 64))),
            "salt": .hex(r.bytes(r.chance(95) ? 8 + r.below(57) : r.pick([7, 65]))),
            "memoryKiB": .number(Double(r.chance(95) ? 8 * max(p, 1) + r.below(64) : 8 * max(p, 1) - 1)),
            "iterations": .number(Double(r.chance(95) ? 1 + r.below(3) : r.pick([0, 11]))),
            "parallelism": .number(Double(p)),
            "length": .number(Double(r.chance(95) ? 16 + r.below(49) : r.pick([15, 65]))),
        ]
        if r.chance(3) { input["password"] = .hex(r.bytes(4097)) }
        return GeneratedInput(input)
    }

    @Sendable static func phraseNormalize(_ r: ExploreRandom, _ reference: ExploreReference) -> GeneratedInput {
        let phrase = reference.output(.phraseFromEntropy, ["entropy": .hex(r.bytes(10))], "phrase")?.stringValue ?? ""
        guard r.chance(70) else { return GeneratedInput(["input": .string(phrase)]) }
        var words = phrase.split(separator: " ").map(String.init)
        let space = { r.pick([" ", "  ", "\t", "\n", "\u{00A0}", "\u{3000}", "-", ",", " , "]) }
        switch r.below(5) {
        case 0:
            return GeneratedInput(["input": .string(words.joined(separator: space()))], "phrase: separator")
        case 1:
            let text = r.pick([phrase.uppercased(), phrase.capitalized, " " + phrase + "\n"])
            return GeneratedInput(["input": .string(text)], "phrase: case and edges")
        case 2:
            let i = r.below(words.count)
            words[i] = String(words[i].dropLast(1 + r.below(2)))
            return GeneratedInput(["input": .string(words.joined(separator: " "))], "phrase: word cut")
        case 3:
            if r.chance(50) { words.removeLast() } else { words.append(words[0]) }
            return GeneratedInput(["input": .string(words.joined(separator: " "))], "phrase: word count")
        default:
            let i = r.below(words.count)
            words[i] = words[i].replacingOccurrences(of: "e", with: "é")
            return GeneratedInput(["input": .string(words.joined(separator: " "))], "phrase: non-ASCII letter")
        }
    }

    @Sendable static func quietHours(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        GeneratedInput(["user": r.quietHoursUser(), "instant": .string(r.instant())])
    }
}

extension ExploreRandom {
    /// A `users/{uid}` document with a quiet-hours window, its members sometimes missing, null, of
    /// another type or out of range, (3%) not an object.
    func quietHoursUser() -> JSONValue {
        var user: [String: JSONValue] = [:]
        user["quietHoursEnabled"] = usually(.bool(chance(90)))
        let minute = { self.chance(90) ? self.below(1440) : self.pick([0, 1439, 1440, -1]) }
        user["quietHoursStartMinutes"] = usually(.number(Double(minute())))
        user["quietHoursEndMinutes"] = usually(.number(Double(minute())))
        // Canonical ids and non-zones only: other spellings (case, aliases) are latitude (D-QH-10).
        user["timezone"] = usually(
            .string(
                pick([
                    "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham",
                    "Australia/Lord_Howe", "America/St_Johns", "Pacific/Kiritimati", "Etc/GMT+12", "+05:00",
                    "Mars/Olympus", "", "UTC ",
                ])))
        return chance(3) ? .array([]) : .object(user)
    }

    /// An `entitlements/premium` document, `null` or `"error"`.
    func entitlementDocument() -> JSONValue {
        switch below(10) {
        case 0: return .null
        case 1: return .string("error")
        default:
            var doc: [String: JSONValue] = [:]
            doc["premium"] = usually(.bool(chance(80)))
            doc["expiresAt"] = chance(20) ? pick([nil, .null]) : timestampValue()
            doc["updatedAt"] = timestampValue()
            doc["productId"] = .string(pick(["closer_monthly", "closer_yearly", ""]))
            doc["eventType"] = .string(pick(["RENEWAL", "INITIAL_PURCHASE", "EXPIRATION", "CANCELLATION"]))
            return .object(doc)
        }
    }
}
