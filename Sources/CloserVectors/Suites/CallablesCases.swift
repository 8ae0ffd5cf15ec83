// The callables suite as plain cases. Normative: specs/callables.md.

import CloserRules
import CloserWire
import CloserWireArgon2

public enum CallablesCases {
    public static let flags: [ContractFlag] = [
        ContractFlag(name: "RealWireValue", bugType: "BASIC", description: "Members made by CloserWire's pairing API with injected randomness."),
        ContractFlag(
            name: "IOSEmptyPayload", bugType: "MISSING_STEP",
            description: "The iOS app's createInviteCallable call with [:] (manual §iOS E2EE gap): the pairing fails with failed-precondition \"Invite is missing encryption material\"."),
        ContractFlag(
            name: "DeferredCheck", bugType: "MISSING_STEP",
            description: "Today's server accepts this create and throws at accept time; CloserSpec reports the accept-time HttpsError at create (specs/callables.md §Checks)."),
        ContractFlag(
            name: "PinnedName", bugType: "CAN_OF_WORMS",
            description: "A member under another name the manual uses for the same value (wrappedKey, salt, params, encryptedPhrase, encryptedRecoveryPhrase); the pinned names are the document's."),
        ContractFlag(name: "MissingMember", bugType: "MISSING_STEP", description: "A required member is absent or null."),
        ContractFlag(name: "WrongType", bugType: "ENCODING", description: "A member of the wrong JSON type."),
        ContractFlag(name: "InvalidCode", bugType: "ENCODING", description: "An invite code outside ^[a-zA-Z0-9]{6}$."),
        ContractFlag(
            name: "ServerAcceptsWireRejects", bugType: "WIRE_FORMAT_GAP",
            description: "The server stores the member without looking; CloserWire cannot read it (valid, with findings)."),
        ContractFlag(name: "InviteState", bugType: "BASIC", description: "acceptInviteCallable with the stored invite document given as `invite`."),
    ]

    /// The end-to-end payload and what it was made from.
    public struct EndToEnd: Sendable {
        public let payload: [String: JSONValue]
        public let intermediates: [String: JSONValue]
    }

    /// A createInviteCallable payload built by CloserWire's pairing API with seeded randomness:
    /// couple keyset, recovery phrase, code, couple-key wrap and invite-phrase encryption.
    public static func endToEnd() throws(CloserError) -> EndToEnd {
        func r(_ label: String) -> SeededRandom { SeededRandom(seed: "closer-spec/callables/" + label) }
        let backend = DefaultArgon2idBackend()
        let keyset = try CoupleKeyWrap.newCoupleKeyset(random: r("keyset"))
        let phrase = RecoveryPhrase.generate(random: r("phrase"))
        let code = InviteCode.generate(random: r("code"))
        let wrapSalt = r("wrap-salt").bytes(16), wrapIV = r("wrap-iv").bytes(12)
        let inviteSalt = r("invite-salt").bytes(16), inviteIV = r("invite-iv").bytes(12)
        let wrapped = try CoupleKeyWrap.wrap(keyset: keyset, phrase: phrase, backend: backend, salt: wrapSalt, iv: wrapIV)
        let encryptedPhrase = try InvitePhraseCipher.encrypt(
            phrase: phrase, code: code, backend: backend, salt: inviteSalt, iv: inviteIV)
        return EndToEnd(
            payload: [
                "code": .string(code.string), "wrappedCoupleKey": .string(wrapped.wrappedCoupleKey),
                "kdfSalt": .string(wrapped.kdfSalt), "kdfParams": .string(wrapped.kdfParams),
                "recoveryPhrase": .string(encryptedPhrase),
            ],
            intermediates: [
                "coupleKeyset": .hex(keyset.serializedBytes), "phrase": .string(phrase.string),
                "wrapSalt": .hex(wrapSalt), "wrapIv": .hex(wrapIV), "inviteSalt": .hex(inviteSalt),
                "inviteIv": .hex(inviteIV),
            ])
    }

    static func refused(_ detail: CloserError.Code, _ https: String, _ message: String?) -> [String: JSONValue] {
        var e: [String: JSONValue] = ["code": .string(https)]
        if let message { e["message"] = .string(message) }
        return ["valid": .bool(false), "detail": .string(detail.rawValue), "httpsError": .object(e)]
    }

    static func create(
        _ comment: String, _ flags: [String], _ payload: JSONValue, _ expected: [String: JSONValue],
        intermediates: [String: JSONValue] = [:]
    ) -> ContractCase {
        ContractCase(
            comment, flags: flags, op: "callable.validate",
            input: ["callable": .string("createInviteCallable"), "payload": payload], expected: expected,
            intermediates: intermediates)
    }

    public static func cases() throws(CloserError) -> [ContractCase] {
        let e2e = try endToEnd()
        let good = e2e.payload
        func with(_ set: [String: JSONValue] = [:], remove: [String] = []) -> JSONValue {
            var p = good
            for k in remove { p[k] = nil }
            for (k, v) in set { p[k] = v }
            return .object(p)
        }
        let missing = refused(.callableMissingEncryptionMaterial, "failed-precondition", CallablePayload.missingMaterialMessage)
        let alias = refused(.callableAliasMember, "failed-precondition", CallablePayload.missingMaterialMessage)
        let valid: [String: JSONValue] = ["valid": .bool(true), "findings": .array([])]
        func findings(_ items: [(String, String)]) -> [String: JSONValue] {
            ["valid": .bool(true), "findings": .array(items.map { .object(["field": .string($0.0), "code": .string($0.1)]) })]
        }
        let inviteDoc: JSONValue
        do throws(CallableRejection) {
            inviteDoc = try CallablePayload.inviteDocument(
                payload: .object(good), inviterUserId: "alice", createdAt: Instant(secondsSince1970: 1_741_975_200))
        } catch { throw error.error }
        let iosInvite: JSONValue = .object([
            "code": good["code"]!, "inviterUserId": .string("bob"), "status": .string("pending"),
            "createdAt": .object(["timestampValue": .string("2025-03-14T18:00:00Z")]),
            "expiresAt": .object(["timestampValue": .string("2025-03-15T18:00:00Z")]),
        ])
        func accept(_ comment: String, _ flags: [String], _ payload: JSONValue, invite: JSONValue? = nil, _ expected: [String: JSONValue])
            -> ContractCase
        {
            var input: [String: JSONValue] = ["callable": .string("acceptInviteCallable"), "payload": payload]
            if let invite { input["invite"] = invite }
            return ContractCase(comment, flags: flags, op: "callable.validate", input: input, expected: expected)
        }
        return [
            create(
                "Android's create payload, built end to end by CloserWire (keyset, phrase, code, wrap, invite phrase)",
                ["RealWireValue"], .object(good), valid, intermediates: e2e.intermediates),
            create(
                "iOS passes [:] (pairing is broken today): refused with the accept-time error",
                ["IOSEmptyPayload", "DeferredCheck"], .object([:]), missing),
            create(
                "iOS [:] plus a code: still no encryption material", ["IOSEmptyPayload", "DeferredCheck"],
                .object(["code": good["code"]!]), missing),
            create("wrappedCoupleKey missing", ["MissingMember", "DeferredCheck"], with(remove: ["wrappedCoupleKey"]), missing),
            create("kdfSalt null", ["MissingMember", "DeferredCheck"], with(["kdfSalt": .null]), missing),
            create("kdfParams missing", ["MissingMember", "DeferredCheck"], with(remove: ["kdfParams"]), missing),
            create(
                "recoveryPhrase missing (the server's accept check reads only three members; the acceptor cannot unwrap without it)",
                ["MissingMember", "DeferredCheck"], with(remove: ["recoveryPhrase"]), missing),
            create(
                "wrappedKey instead of wrappedCoupleKey", ["PinnedName"],
                with(["wrappedKey": good["wrappedCoupleKey"]!], remove: ["wrappedCoupleKey"]), alias),
            create("salt instead of kdfSalt", ["PinnedName"], with(["salt": good["kdfSalt"]!], remove: ["kdfSalt"]), alias),
            create("params instead of kdfParams", ["PinnedName"], with(["params": good["kdfParams"]!], remove: ["kdfParams"]), alias),
            create(
                "encryptedPhrase instead of recoveryPhrase", ["PinnedName"],
                with(["encryptedPhrase": good["recoveryPhrase"]!], remove: ["recoveryPhrase"]), alias),
            create(
                "encryptedRecoveryPhrase instead of recoveryPhrase", ["PinnedName"],
                with(["encryptedRecoveryPhrase": good["recoveryPhrase"]!], remove: ["recoveryPhrase"]), alias),
            create(
                "kdfParams as a number", ["WrongType"], with(["kdfParams": .number(46080)]),
                refused(.callableInvalidMemberType, "invalid-argument", nil)),
            create("code missing", ["MissingMember"], with(remove: ["code"]), refused(.callableMissingCode, "invalid-argument", nil)),
            create("code of 5 characters", ["InvalidCode"], with(["code": .string("K7Q2X")]), refused(.callableInvalidCode, "invalid-argument", nil)),
            create("code with a hyphen", ["InvalidCode"], with(["code": .string("K7Q-XM")]), refused(.callableInvalidCode, "invalid-argument", nil)),
            create("code as a number", ["WrongType"], with(["code": .number(123456)]), refused(.callableInvalidMemberType, "invalid-argument", nil)),
            create("Payload that is an array", ["WrongType"], .array([]), refused(.callableNotAnObject, "invalid-argument", nil)),
            create(
                "kdfSalt of 8 bytes: stored as is, unreadable", ["ServerAcceptsWireRejects"], with(["kdfSalt": .string("BwcHBwcHBwc=")]),
                findings([("kdfSalt", CloserError.Code.coupleKeyInvalidSaltLength.rawValue)])),
            create(
                "kdfParams not a PHC string", ["ServerAcceptsWireRejects"], with(["kdfParams": .string("argon2id:m=46080")]),
                findings([("kdfParams", CloserError.Code.kdfParamsMalformed.rawValue)])),
            create(
                "recoveryPhrase too short to hold salt, IV and tag", ["ServerAcceptsWireRejects"], with(["recoveryPhrase": .string("AAAA")]),
                findings([("recoveryPhrase", CloserError.Code.invitePhraseTooShort.rawValue)])),
            create(
                "Lower-case code: the rules' shape accepts it, new codes are upper case", ["ServerAcceptsWireRejects"],
                with(["code": .string("k7m2qx")]), valid),
            accept("Accept with a code", [], .object(["code": good["code"]!]), valid),
            accept(
                "Accept the end-to-end invite (the document createInviteCallable writes)", ["InviteState", "RealWireValue"],
                .object(["code": good["code"]!]), invite: inviteDoc, valid),
            accept(
                "Accept an invite an iOS inviter created with [:]", ["InviteState", "IOSEmptyPayload"],
                .object(["code": good["code"]!]), invite: iosInvite, missing),
            accept("Accept without a code", ["MissingMember"], .object([:]), refused(.callableMissingCode, "invalid-argument", nil)),
            accept(
                "Accept an invite already accepted", ["InviteState"], .object(["code": good["code"]!]),
                invite: { if case .object(var d) = inviteDoc { d["status"] = .string("accepted"); return .object(d) }; return inviteDoc }(),
                refused(.callableInviteNotPending, "failed-precondition", nil)),
            ContractCase(
                "leaveCoupleCallable takes an empty object", op: "callable.validate",
                input: ["callable": .string("leaveCoupleCallable"), "payload": .object([:])], expected: valid),
            ContractCase(
                "Unknown callable", result: "invalid", op: "callable.validate",
                input: ["callable": .string("deleteCoupleCallable"), "payload": .object([:])],
                expected: ContractCase.error(.callableUnknown)),
        ]
    }
}
