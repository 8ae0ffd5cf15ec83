// Generators of the cascade ops: `couple.leave` and `account.delete` (users documents with the
// coupleId present, null, empty or naming another couple; couples whose userIds list or omit the
// user; invites of every status and inviter) and `game.claimPush` (maps with the key claimed by any
// value, maps that are not maps, keys at and past the simple-name grammar). Normative:
// specs/explore.md §"Generators", specs/cloud-functions.md §leaveCouple and account deletion,
// §Game session flags.

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// A `users/{uid}` document, `null`, or (3%) something that is not a document.
    func cascadeUser() -> JSONValue {
        if chance(10) { return .null }
        if chance(3) { return pick([.array([]), .string("u")]) }
        var m: [String: JSONValue] = ["platform": .string("android")]
        m["coupleId"] = chance(75) ? .string("c1") : pick([nil, .null, .string(""), .string("c2"), .number(7)])
        return .object(m)
    }

    /// A `couples/{coupleId}` document whose `userIds` usually pairs alice and bob.
    func cascadeCouple() -> JSONValue {
        if chance(10) { return .null }
        if chance(3) { return .string("c1") }
        let ids: [JSONValue] =
            chance(75)
            ? pick([[.string("alice"), .string("bob")], [.string("bob"), .string("alice")]])
            : pick([
                [.string("alice")], [.string("bob"), .string("carol")], [.string("alice"), .number(7)],
                [.string("alice"), .string(""), .string("bob")], [],
            ])
        return chance(5) ? .object([:]) : .object(["userIds": .array(ids)])
    }

    /// One `{code, document}` of the `inviterUserId == uid` query, or (3%) a malformed entry.
    func cascadeInvite() -> JSONValue {
        if chance(3) { return pick([.string("ABC"), .object(["code": .string("A/B"), "document": .object([:])])]) }
        var doc: [String: JSONValue] = [:]
        doc["status"] = pick([.string("pending"), .string("pending"), .string("accepted"), .string("PENDING"), nil])
        doc["inviterUserId"] = pick([.string("alice"), .string("alice"), .string("carol"), nil])
        return .object(["code": .string(pick(["ABC", "DEF", "GHI"])), "document": .object(doc)])
    }

    /// A game push key: usually a simple field name, sometimes one past its grammar.
    func pushKey() -> String {
        chance(85)
            ? pick(["start", "finish", "partner_answered", "Start", "_x", "__", String(repeating: "k", count: 64)])
            : pick(["", "a.b", "1start", "__name__", "départ", String(repeating: "k", count: 65), "a-b", "`start`"])
    }
}

extension ExploreGenerator {
    static var cascades: [ExploreGenerator] {
        [
            ExploreGenerator(.coupleLeave) { r, _ in
                let caller: JSONValue = r.chance(90) ? .string("alice") : r.pick([.null, .string(""), .string("a/b")])
                return GeneratedInput([
                    "caller": caller, "callerUser": r.cascadeUser(), "couple": r.cascadeCouple(),
                    "partnerUser": r.cascadeUser(),
                ])
            },
            ExploreGenerator(.accountDelete) { r, _ in
                let uid = r.chance(95) ? "alice" : r.pick(["", "a/b"])
                return GeneratedInput([
                    "uid": .string(uid), "user": r.cascadeUser(), "couple": r.cascadeCouple(),
                    "partnerUser": r.cascadeUser(), "invites": .array((0..<r.below(4)).map { _ in r.cascadeInvite() }),
                ])
            },
            ExploreGenerator(.gameClaimPush) { r, _ in
                let claimed: [JSONValue] = [.bool(true), .bool(false), .null, .string(""), .object([:])]
                var sent: JSONValue? = r.chance(30) ? nil : .object(["start": r.pick(claimed), "finish": .bool(true)])
                if r.chance(15) { sent = r.pick([.null, .string("start"), .array([]), .object([:])]) }
                var session: [String: JSONValue] = ["status": .string("active")]
                session["notificationsSent"] = sent
                let doc: JSONValue = r.chance(3) ? .array([]) : .object(session)
                return GeneratedInput(["session": doc, "key": .string(r.pushKey()), "now": .string(r.instant())])
            },
        ]
    }
}
