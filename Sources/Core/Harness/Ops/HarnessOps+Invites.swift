// The invite server ops: createInvite.evaluate (createInviteCallable: authentication, the payload
// checks of callables.md, the code collision, the writes) and acceptInvite.partnerJoined (what an
// accept sends the inviter). Fields: specs/harness.md §"Ops"; semantics: specs/cloud-functions.md
// §createInviteCallable server behaviour, §partner_joined.

import CloserContracts
import CloserRules
import CloserWire

extension HarnessOps {
    static let invites: [HarnessOp] = [
        // createInvite.evaluate(caller, payload, now, existing) -> outcome, reason?, response?, writes
        HarnessOp(.createInviteEvaluate) { r throws(CloserError) in
            let caller = try nullableString(r, "caller")
            let payload = try r.json("payload")
            let nowText = try r.string("now")
            let existing = try objectField(r, "existing", nullable: true)
            let now = try Instant(rfc3339: nowText)
            guard let caller else { return refusedCreate("unauthenticated", "unauthenticated") }
            try documentID(caller, "caller")
            let material: [String: String]
            let code: String
            do throws(CallableRejection) {
                _ = try CallablePayload.validate(.createInvite, payload: payload)
                guard case .object(let members) = payload, let c = members["code"]?.stringValue else {
                    return refusedCreate("internal", "internal")
                }
                code = c
                material = members.compactMapValues(\.stringValue).filter {
                    CreateInvite.materialMembers.contains($0.key)
                }
            } catch {
                return refusedCreate(error.https.code, error.error.code.rawValue)
            }
            switch CreateInvite.decide(caller: caller, code: code, material: material, now: now, existing: existing) {
            case .alreadyExists: return refusedCreate("already-exists", "code_exists")
            case .created(let writes):
                return [
                    "outcome": .string("created"), "response": .object(["code": .string(code)]),
                    "writes": .array(writes.map(\.json)),
                ]
            }
        },
        // acceptInvite.partnerJoined(inviterUserId, acceptorUserId, coupleId) -> writes, pushes
        HarnessOp(.acceptInvitePartnerJoined) { r throws(CloserError) in
            let inviter = try r.string("inviterUserId")
            let acceptor = try r.string("acceptorUserId")
            let coupleId = try r.string("coupleId")
            try documentID(inviter, "inviterUserId")
            try documentID(acceptor, "acceptorUserId")
            try documentID(coupleId, "coupleId")
            // An accept of one's own invite is refused (own_invite), so the two never coincide (D-CF-62).
            guard !inviter.isIdentical(to: acceptor) else {
                throw malformed("acceptorUserId", "must differ from inviterUserId (own invites are refused)")
            }
            return cascade(nil, PartnerJoined.plan(inviter: inviter, coupleId: coupleId))
        },
    ]

    /// A refused create: the `HttpsError` code, the check's reason, nothing written.
    static func refusedCreate(_ outcome: String, _ reason: String) -> [String: JSONValue] {
        ["outcome": .string(outcome), "reason": .string(reason), "writes": .array([])]
    }
}
