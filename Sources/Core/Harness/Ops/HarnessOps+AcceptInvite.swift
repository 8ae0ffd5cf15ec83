// The acceptInvite.evaluate op (acceptInviteCallable's server behaviour over the state it reads) and
// reveal.path (which reveal path a reader runs), questions.check (the question-id contract) and
// fcm.fanout (the FCM send side) and reveal.trigger (onAnswerRevealed's push). Fields:
// specs/harness.md §"Ops"; semantics: specs/cloud-functions.md §acceptInviteCallable, §Reveal path,
// §Question ids, §FCM fan-out, §isRevealed and partner_opened_answer.

import CloserContracts
import CloserWire

extension HarnessOps {
    static let acceptInvite: [HarnessOp] = [
        // fcm.fanout(type, data, title, body, user, tokenDocs) -> tokens, data, notification
        HarnessOp(.fcmFanout) { r throws(CloserError) in
            let type = try r.string("type")
            let data = try stringMembers(try r.json("data"))
            let title = try r.string("title")
            let body = try r.string("body")
            let user = try r.json("user")
            switch user {
            case .null, .object: break
            default: throw malformed("user", "must be an object or null")
            }
            guard case .array(let docs) = try r.json("tokenDocs") else {
                throw malformed("tokenDocs", "must be an array")
            }
            let push = try FCMFanout.plan(
                type: type, data: data, title: title, body: body, user: user, tokenDocuments: docs)
            return [
                "tokens": .array(push.tokens.map(JSONValue.string)),
                "data": .object(push.data.mapValues(JSONValue.string)),
                "notification": .object(["title": .string(push.title), "body": .string(push.body)]),
            ]
        },
        // reveal.trigger(userId, couple, before, after) -> send, recipient?, data?
        HarnessOp(.revealTrigger) { r throws(CloserError) in
            let userId = try r.string("userId")
            let couple = try objectField(r, "couple", nullable: false) ?? .null
            let before = try objectField(r, "before", nullable: true)
            let after = try objectField(r, "after", nullable: false) ?? .null
            guard let push = RevealTrigger.push(userId: userId, couple: couple, before: before, after: after) else {
                return ["send": .bool(false)]
            }
            return [
                "send": .bool(true), "recipient": .string(push.recipient),
                "data": .object(push.data.mapValues(JSONValue.string)),
            ]
        },
        HarnessOp(.acceptInviteEvaluate) { r throws(CloserError) in
            let caller = try nullableString(r, "caller")
            let code = try r.string("code")
            let now = try Instant(rfc3339: try r.string("now"))
            guard case .array(let attempts) = try r.json("attempts") else {
                throw malformed("attempts", "must be an array")
            }
            let invite = try r.json("invite")
            let callerUser = try r.json("callerUser")
            let inviterUser = try r.json("inviterUser")
            let coupleId = try r.string("coupleId")
            let state = AcceptInviteState(
                caller: caller, code: code, now: now, attempts: attempts, invite: invite == .null ? nil : invite,
                callerUser: callerUser == .null ? nil : callerUser,
                inviterUser: inviterUser == .null ? nil : inviterUser)
            return acceptInviteOutput(AcceptInvite.decide(state), state: state, coupleId: coupleId)
        },
        // reveal.path(coupleId, date, userId, partnerId, ownAnswer, partnerAnswer) -> phase, path?, reads?
        HarnessOp(.revealPath) { r throws(CloserError) in
            let coupleId = try r.string("coupleId")
            let date = try r.string("date")
            let userId = try r.string("userId")
            let partnerId = try r.string("partnerId")
            let own = try r.json("ownAnswer")
            let partner = try r.json("partnerAnswer")
            let plan = try RevealPath.plan(
                own: own == .null ? nil : own, partner: partner == .null ? nil : partner, coupleId: coupleId,
                date: date,
                userId: userId, partnerId: partnerId)
            var out: [String: JSONValue] = ["phase": .string(plan.phase)]
            if let path = plan.path { out["path"] = .string(path) }
            if plan.phase == "ready" { out["reads"] = .array(plan.reads.map(JSONValue.string)) }
            return out
        },
        // questions.check(manifest, firestoreIds, assignedIds) -> consistent, the three id lists, fallbackPresent
        HarnessOp(.questionsCheck) { r throws(CloserError) in
            let seed = try QuestionManifest.ids(of: try r.json("manifest"))
            let firestore = try stringArray(r, "firestoreIds")
            let assigned = try stringArray(r, "assignedIds")
            let report = QuestionManifest.check(seed: seed, firestore: firestore, assigned: assigned)
            let list = { (ids: [String]) in JSONValue.array(ids.map(JSONValue.string)) }
            return [
                "consistent": .bool(report.consistent), "missingFromFirestore": list(report.missingFromFirestore),
                "missingFromSeed": list(report.missingFromSeed), "unresolvedAssigned": list(report.unresolvedAssigned),
                "fallbackPresent": .bool(report.fallbackPresent),
            ]
        },
    ]

    static func stringArray(_ r: HarnessRequest, _ name: String) throws(CloserError) -> [String] {
        guard case .array(let items) = try r.json(name), items.allSatisfy({ $0.stringValue != nil }) else {
            throw malformed(name, "must be an array of strings")
        }
        return items.compactMap(\.stringValue)
    }

    /// specs/cloud-functions.md §acceptInviteCallable server behaviour, §Op.
    static func acceptInviteOutput(_ v: AcceptInviteVerdict, state s: AcceptInviteState, coupleId: String)
        -> [String: JSONValue]
    {
        var out: [String: JSONValue] = [:]
        if v.recordsAttempt {
            let expires = Instant(
                secondsSince1970: s.now.seconds + AcceptInvite.attemptTTLSeconds, nanoseconds: s.now.nanoseconds)
            out["attempt"] = .object([
                "code": .string(s.code), "attemptedAt": .object(["timestampValue": .string(s.now.utcText)]),
                "expiresAt": .object(["timestampValue": .string(expires.utcText)]),
            ])
        }
        guard v.refusal == nil, let inviter = v.inviterUserId, let caller = s.caller else {
            out["outcome"] = .string(v.refusal?.httpsError ?? "internal")
            out["reason"] = .string(v.refusal?.rawValue ?? "internal")
            return out
        }
        let material = v.material.mapValues(JSONValue.string)
        var couple: [String: JSONValue] = [
            "id": .string(coupleId), "userIds": .array([.string(inviter), .string(caller)]),
            "inviteCode": .string(s.code), "encryptionVersion": .number(2),
        ]
        for name in ["wrappedCoupleKey", "kdfSalt", "kdfParams"] { couple[name] = material[name] }
        var response = material
        response["coupleId"] = .string(coupleId)
        out["outcome"] = .string("accepted")
        out["response"] = .object(response)
        out["couple"] = .object(couple)
        out["linkUsers"] = .array([.string(inviter), .string(caller)])
        out["inviteUpdate"] = .object([
            "status": .string("accepted"), "deleteMembers": .array([.string("recoveryPhrase")]),
        ])
        return out
    }

    /// FCM data members: an object of strings, else `push.invalid_payload` (push-routing.md).
    static func stringMembers(_ json: JSONValue) throws(CloserError) -> [String: String] {
        guard case .object(let members) = json else {
            throw CloserError(.pushInvalidPayload, "the data members must be a JSON object")
        }
        var out: [String: String] = [:]
        for (k, v) in members {
            guard let s = v.stringValue else {
                throw CloserError(.pushInvalidPayload, "data member \(CloserError.quoted(k)) is not a string")
            }
            out[k] = s
        }
        return out
    }

    /// A field that must be an object (or `null` when `nullable`; nil is returned for it).
    static func objectField(_ r: HarnessRequest, _ name: String, nullable: Bool) throws(CloserError) -> JSONValue? {
        let v = try r.json(name)
        switch v {
        case .object: return v
        case .null where nullable: return nil
        default: throw malformed(name, nullable ? "must be an object or null" : "must be an object")
        }
    }
}
