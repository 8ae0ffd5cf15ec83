// The generator of `callable.validate` (specs/callables.md): the three callables' payloads with the
// encryption material present, missing, null, of another type or under an alias, codes as the
// invite generators make them, and material whose findings come from the couple-key and invite
// parsers (b64, salt length, kdfParams spellings, wrapped and phrase value lengths); the stored
// invite document for acceptInviteCallable. Normative: specs/explore.md §"Generators".

import CloserHarness
import CloserWire

extension ExploreRandom {
    /// The four material members, each (8%) missing, null, a number, or under an alias.
    func inviteMaterial() -> [String: JSONValue] {
        var m: [String: JSONValue] = [:]
        let wrapped = bytes(chance(80) ? 128 + below(9) : pick([0, 27, 28, 200]))
        m["wrappedCoupleKey"] = .string(encodedMaybeMutated(wrapped))
        m["kdfSalt"] = .string(encodedMaybeMutated(bytes(chance(90) ? 16 : pick([0, 15, 17, 64]))))
        m["kdfParams"] = .string(kdfParams(m: 46080, t: 3, p: 1, mutate: 15).0)
        m["recoveryPhrase"] = .string(encodedMaybeMutated(bytes(chance(85) ? 44 + below(120) : pick([0, 43, 3073]))))
        for (name, alias) in [
            ("wrappedCoupleKey", "wrappedKey"), ("kdfSalt", "salt"), ("kdfParams", "params"),
            ("recoveryPhrase", "encryptedRecoveryPhrase"),
        ] where chance(8) {
            let value = m[name]
            m[name] = pick([nil, .null, .number(1), .bool(true)])
            if chance(50) { m[alias] = value ?? .string("") }
        }
        return m
    }

    /// b64 of `bytes`, or (10%) the text mutated as `encoding.decode`'s.
    func encodedMaybeMutated(_ bytes: [UInt8]) -> String {
        let text = Base64.encode(bytes, .standard)
        return chance(10) ? mutateEncoding(text, url: false).0 : text
    }

    /// A `code` member: an invite code (10% one the pattern refuses), or (5%) missing, null or a number.
    func codeMember() -> JSONValue? {
        chance(95) ? .string(inviteCode(mutate: 10).0) : pick([nil, .null, .number(123_456)])
    }
}

extension ExploreGenerator {
    static var callables: [ExploreGenerator] {
        [ExploreGenerator(.callableValidate, byteExact: false, callableValidate)]
    }

    @Sendable static func callableValidate(_ r: ExploreRandom, _: ExploreReference) -> GeneratedInput {
        var payload: [String: JSONValue] = [:]
        var input: [String: JSONValue] = [:]
        let callable: String
        switch r.below(20) {
        case 0..<10:
            callable = "createInviteCallable"
            payload = r.inviteMaterial()
            payload["code"] = r.codeMember()
        case 10..<17:
            callable = "acceptInviteCallable"
            payload["code"] = r.codeMember()
            if r.chance(60) {
                var invite = r.inviteMaterial()
                if r.chance(70) {
                    invite["status"] = .string(r.pick(["pending", "pending", "accepted", "Pending", ""]))
                }
                input["invite"] = r.chance(95) ? .object(invite) : r.pick([.null, .array([]), .string("pending")])
            }
        case 17, 18: callable = "leaveCoupleCallable"
        default: callable = r.pick(["CreateInviteCallable", "", "deleteAccountCallable"])
        }
        if r.chance(10) { payload["clientVersion"] = .string("1.2.3") }
        input["callable"] = .string(callable)
        input["payload"] = r.chance(97) ? .object(payload) : r.pick([.null, .array([]), .string("{}")])
        return GeneratedInput(input)
    }
}
