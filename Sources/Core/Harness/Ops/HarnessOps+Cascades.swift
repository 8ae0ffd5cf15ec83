// The cascade ops: couple.leave (leaveCoupleCallable with onCoupleLeave), account.delete
// (onUserDelete) and game.claimPush (onGameSessionUpdate's flag-claim). Fields: specs/harness.md
// §"Ops"; semantics: specs/cloud-functions.md §leaveCouple and account deletion, §Game session flags.

import CloserContracts
import CloserWire

extension HarnessOps {
    static let cascades: [HarnessOp] = [
        // couple.leave(caller, callerUser, couple, partnerUser) -> outcome, writes, pushes
        HarnessOp(.coupleLeave) { r throws(CloserError) in
            let caller = try nullableString(r, "caller")
            let callerUser = try objectField(r, "callerUser", nullable: true)
            let couple = try objectField(r, "couple", nullable: true)
            let partnerUser = try objectField(r, "partnerUser", nullable: true)
            guard let caller else { return cascade("unauthenticated", nil) }
            try documentID(caller, "caller")
            let plan = CoupleCascade.leave(
                caller: caller, callerUser: callerUser, couple: couple, partnerUser: partnerUser)
            return cascade(plan == nil ? "noop" : "left", plan)
        },
        // account.delete(uid, user, couple, partnerUser, invites) -> writes, pushes
        HarnessOp(.accountDelete) { r throws(CloserError) in
            let uid = try r.string("uid")
            let user = try objectField(r, "user", nullable: true)
            let couple = try objectField(r, "couple", nullable: true)
            let partnerUser = try objectField(r, "partnerUser", nullable: true)
            let invites = try inviteListings(r)
            try documentID(uid, "uid")
            let plan = CoupleCascade.deleteAccount(
                uid: uid, user: user, couple: couple, partnerUser: partnerUser, invites: invites)
            return cascade(nil, plan)
        },
        // game.claimPush(session, key, now, sendFails?) -> send, update?, delivered?, flagWritten?
        HarnessOp(.gameClaimPush) { r throws(CloserError) in
            let session = try objectField(r, "session", nullable: false) ?? .null
            let key = try r.string("key")
            let now = try r.string("now")
            let sendFails = try optionalBool(r, "sendFails")
            try GamePushClaim.validate(key: key)
            _ = try Instant(rfc3339: now)
            guard GamePushClaim.isUnclaimed(session: session, key: key) else { return ["send": .bool(false)] }
            var out: [String: JSONValue] = [
                "update": .object(["notificationsSent.\(key)": .object(["timestampValue": .string(now)])]),
                "send": .bool(true),
            ]
            // The claim is written before the send, so it stays when the send fails (D-CF-55).
            if let sendFails {
                out["delivered"] = .bool(!sendFails)
                out["flagWritten"] = .bool(true)
            }
            return out
        },
    ]

    /// The response of a cascade op: `outcome` (leave only), `writes` and `pushes` (empty for none).
    static func cascade(_ outcome: String?, _ plan: CascadePlan?) -> [String: JSONValue] {
        var out: [String: JSONValue] = [
            "writes": .array(plan?.writes.map(\.json) ?? []), "pushes": .array(plan?.pushes.map(\.json) ?? []),
        ]
        if let outcome { out["outcome"] = .string(outcome) }
        return out
    }

    /// An optional bool field: absent is nil, any other type is a malformed request.
    static func optionalBool(_ r: HarnessRequest, _ name: String) throws(CloserError) -> Bool? {
        guard let v = r.optionalJSON(name) else { return nil }
        guard case .bool(let b) = v else { throw malformed(name, "must be a bool") }
        return b
    }

    /// A uid or invite code used as a path segment: non-empty, without `/`
    /// (specs/cloud-functions.md §leaveCouple and account deletion, "Op").
    static func documentID(_ id: String, _ name: String) throws(CloserError) {
        guard CoupleCascade.isDocumentID(id) else {
            throw malformed(name, "must be a document id (non-empty, no \"/\")")
        }
    }

    /// `invites`: an array of `{code, document}` (the `inviterUserId == uid` query's documents).
    static func inviteListings(_ r: HarnessRequest) throws(CloserError) -> [InviteListing] {
        guard case .array(let items) = try r.json("invites") else { throw malformed("invites", "must be an array") }
        var out: [InviteListing] = []
        for item in items {
            guard case .object(let m) = item, m.count == 2, case .string(let code)? = m["code"],
                case .object(let document)? = m["document"]
            else { throw malformed("invites", "must hold objects {code: string, document: object}") }
            try documentID(code, "invites")
            out.append(InviteListing(code: code, document: .object(document)))
        }
        return out
    }
}
