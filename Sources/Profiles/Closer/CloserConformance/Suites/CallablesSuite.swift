// The callables suite: invite callable payloads as the server checks them (callable.validate),
// valid, refused and hostile, one built end to end from real wire values. A refused payload is an
// answer (`valid: false`), not an op failure (specs/callables.md §Errors); only an unknown
// callable fails the op. Normative: specs/callables.md.

import CloserContracts
import CloserHarness
import CloserRules
import CloserVectorModel
import CloserWire
import CloserWireArgon2

enum CallablesSuite {
    static let name = "callables"

    static let realWireValue = VectorFlag(
        "RealWireValue", .basic, .contract, "Members made by CloserWire's pairing API with injected randomness.")
    static let iosEmptyPayload = VectorFlag(
        "IOSEmptyPayload", .missingStep, .contract,
        "The iOS app's createInviteCallable call with [:] (manual §iOS E2EE gap): the pairing fails with failed-precondition \"Invite is missing encryption material\"."
    )
    static let deferredCheck = VectorFlag(
        "DeferredCheck", .missingStep, .contract,
        "Today's server accepts this create and throws at accept time; CloserSpec reports the accept-time HttpsError at create (specs/callables.md §Checks)."
    )
    static let pinnedName = VectorFlag(
        "PinnedName", .canOfWorms, .contract,
        "A member under another name the manual uses for the same value (wrappedKey, salt, params, encryptedPhrase, encryptedRecoveryPhrase); the pinned names are the document's."
    )
    static let missingMember = VectorFlag(
        "MissingMember", .missingStep, .contract, "A required member is absent or null.")
    static let wrongType = VectorFlag(
        "WrongType", .encoding, .json, "A member (or the payload) of the wrong JSON type.")
    static let invalidCode = VectorFlag("InvalidCode", .encoding, .contract, "An invite code outside ^[a-zA-Z0-9]{6}$.")
    static let serverAcceptsWireRejects = VectorFlag(
        "ServerAcceptsWireRejects", .missingStep, .encoding,
        "The server stores the member without looking; CloserWire cannot read it: accepted, with a finding naming the wire error."
    )
    static let inviteState = VectorFlag(
        "InviteState", .basic, .contract, "acceptInviteCallable with the stored invite document given as `invite`.")
    static let checkOrder = VectorFlag(
        "CheckOrder", .edgeCase, .contract,
        "Several faults in one payload: the first check of specs/callables.md §Checks names the answer.")
    static let unknownCallable = VectorFlag(
        "UnknownCallable", .basic, .contract, "`callable` is not one of the ten names: the op itself fails.")
    static let leave = VectorFlag("LeaveCouple", .basic, .contract, "leaveCoupleCallable takes an empty object.")

    /// The end-to-end payload and what it was made from.
    struct EndToEnd {
        let payload: [String: JSONValue]
        let intermediates: [(String, JSONValue)]
    }

    /// A createInviteCallable payload built by CloserWire's pairing API from the suite's DRBG:
    /// couple keyset, recovery phrase, code, couple-key wrap and invite-phrase encryption.
    static func endToEnd() throws(CloserError) -> EndToEnd {
        let rng = SuiteRandom(suite: name)
        let backend = DefaultArgon2idBackend()
        let keyset = try CoupleKeyWrap.newCoupleKeyset(random: rng.source)
        let phrase = RecoveryPhrase.generate(random: rng.source)
        let code = InviteCode.generate(random: rng.source)
        let wrapSalt = rng.bytes(16), wrapIV = rng.iv()
        let inviteSalt = rng.bytes(16), inviteIV = rng.iv()
        let wrapped = try CoupleKeyWrap.wrap(
            keyset: keyset, phrase: phrase, backend: backend, salt: wrapSalt, iv: wrapIV)
        let encryptedPhrase = try InvitePhraseCipher.encrypt(
            phrase: phrase, code: code, backend: backend, salt: inviteSalt, iv: inviteIV)
        return EndToEnd(
            payload: [
                "code": .string(code.string), "wrappedCoupleKey": .string(wrapped.wrappedCoupleKey),
                "kdfSalt": .string(wrapped.kdfSalt), "kdfParams": .string(wrapped.kdfParams),
                "recoveryPhrase": .string(encryptedPhrase),
            ],
            intermediates: [
                ("serializedKeyset", V.hex(keyset.serializedBytes)), ("phrase", V.str(phrase.string)),
                ("wrapSalt", V.hex(wrapSalt)), ("wrapIv", V.hex(wrapIV)), ("inviteSalt", V.hex(inviteSalt)),
                ("inviteIv", V.hex(inviteIV)),
            ])
    }

    /// The answer to a refused payload: `httpsError` lists its `message` only where it is
    /// normative (specs/callables.md §"Checks, in order"); elsewhere only `code` must match
    /// (objects in `expected` list the members that must match, specs/vectors.md §Test).
    static func refused(_ detail: CloserError.Code, _ https: String, normativeMessage: String? = nil)
        -> (output: [(String, JSONValue)], intermediates: [(String, JSONValue)])
    {
        var error: [String: JSONValue] = ["code": .string(https)]
        if let normativeMessage { error["message"] = .string(normativeMessage) }
        return ([("valid", .bool(false)), ("detail", V.str(detail.rawValue)), ("httpsError", .object(error))], [])
    }

    static func accepted(_ findings: [(String, CloserError.Code)] = []) -> (
        output: [(String, JSONValue)], intermediates: [(String, JSONValue)]
    ) {
        let f: [JSONValue] = findings.map { .object(["field": .string($0.0), "code": .string($0.1.rawValue)]) }
        return ([("valid", .bool(true)), ("findings", .array(f))], [])
    }

    static func validate(
        _ comment: String, _ flags: [VectorFlag], _ callable: String, _ payload: JSONValue, invite: JSONValue? = nil,
        _ answer: (output: [(String, JSONValue)], intermediates: [(String, JSONValue)]),
        intermediates: [(String, JSONValue)] = []
    ) -> VectorCase {
        var input: [(String, JSONValue)] = [("callable", V.str(callable)), ("payload", payload)]
        if let invite { input.append(("invite", invite)) }
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.callableValidate.name, input: input, output: answer.output,
            intermediates: answer.intermediates + intermediates)
    }

    static func build() throws(CloserError) -> WireSuite {
        let p = try Payloads(e2e: endToEnd())
        return WireSuite(
            name: name, algorithm: "closer-invite-callables",
            header: [
                "Invite callables (specs/callables.md): callable.validate answers valid + findings, or valid: false with the",
                "callable.* detail and the server's HttpsError code (its message where the manual quotes it). Findings",
                "{field, code} name members the server stores that CloserWire cannot read.",
            ],
            groups: [
                VectorGroup(
                    "CreateInvite", comment: "createInviteCallable payloads",
                    cases: p.createCases() + p.moreCreateCases()),
                VectorGroup(
                    "AcceptInvite", comment: "acceptInviteCallable payloads, with and without the stored invite",
                    cases: p.acceptCases()),
                VectorGroup(
                    "OtherCallables", comment: "leaveCoupleCallable and unknown callables", cases: p.otherCases()),
                VectorGroup(
                    "SchemaOnlyCallables", comment: "the requests of the seven callables with a schema and no server op",
                    cases: schemaOnlyCases()),
            ])
    }
}

extension CallablesSuite {
    /// The end-to-end create payload, the invite document the server writes from it, and the answers
    /// the cases expect (specs/callables.md).
    private struct Payloads {
        let e2e: EndToEnd
        let good: [String: JSONValue]
        let code: JSONValue
        let inviteDoc: JSONValue
        static let material = "Invite is missing encryption material"
        let missing = refused(
            .callableMissingEncryptionMaterial, "failed-precondition", normativeMessage: Payloads.material)
        let alias = refused(.callableAliasMember, "failed-precondition", normativeMessage: Payloads.material)
        let typeRefused = refused(.callableInvalidMemberType, "invalid-argument")
        let badCode = refused(.callableInvalidCode, "invalid-argument")
        let noCode = refused(.callableMissingCode, "invalid-argument")
        let notObject = refused(.callableNotAnObject, "invalid-argument")
        let valid = accepted()

        init(e2e: EndToEnd) throws(CloserError) {
            self.e2e = e2e
            good = e2e.payload
            code = good["code"]!
            do throws(CallableRejection) {
                inviteDoc = try CallablePayload.inviteDocument(
                    payload: .object(good), inviterUserId: "alice", createdAt: Instant(secondsSince1970: 1_741_975_200))
            } catch { throw error.error }
        }

        func with(_ set: [String: JSONValue] = [:], remove: [String] = []) -> JSONValue {
            var p = good
            for k in remove { p[k] = nil }
            for (k, v) in set { p[k] = v }
            return .object(p)
        }
        func create(
            _ comment: String, _ flags: [VectorFlag], _ payload: JSONValue,
            _ answer: (output: [(String, JSONValue)], intermediates: [(String, JSONValue)]),
            intermediates: [(String, JSONValue)] = []
        ) -> VectorCase {
            validate(comment, flags, "createInviteCallable", payload, answer, intermediates: intermediates)
        }
        func accept(
            _ comment: String, _ flags: [VectorFlag], _ payload: JSONValue, invite: JSONValue? = nil,
            _ answer: (output: [(String, JSONValue)], intermediates: [(String, JSONValue)])
        ) -> VectorCase {
            validate(comment, flags, "acceptInviteCallable", payload, invite: invite, answer)
        }
        func doc(_ set: [String: JSONValue] = [:], remove: [String] = []) -> JSONValue {
            guard case .object(var d) = inviteDoc else { return inviteDoc }
            for k in remove { d[k] = nil }
            for (k, v) in set { d[k] = v }
            return .object(d)
        }

        /// createInviteCallable: the end-to-end payload, iOS's [:], missing, aliased and mistyped members, codes.
        func createCases() -> [VectorCase] {
            [
                create(
                    "Android's create payload, built end to end by CloserWire (keyset, phrase, code, wrap, invite phrase)",
                    [realWireValue], .object(good), valid, intermediates: e2e.intermediates),
                create(
                    "iOS passes [:] (pairing is broken today): refused with the accept-time error",
                    [iosEmptyPayload, deferredCheck], .object([:]), missing),
                create(
                    "iOS [:] plus a code: still no encryption material", [iosEmptyPayload, deferredCheck],
                    .object(["code": code]), missing),
                create(
                    "wrappedCoupleKey missing", [missingMember, deferredCheck], with(remove: ["wrappedCoupleKey"]),
                    missing),
                create("kdfSalt null", [missingMember, deferredCheck], with(["kdfSalt": .null]), missing),
                create("kdfParams missing", [missingMember, deferredCheck], with(remove: ["kdfParams"]), missing),
                create(
                    "recoveryPhrase missing (the server's accept check reads only three members; the acceptor cannot unwrap without it)",
                    [missingMember, deferredCheck], with(remove: ["recoveryPhrase"]), missing),
                create(
                    "wrappedKey instead of wrappedCoupleKey", [pinnedName],
                    with(["wrappedKey": good["wrappedCoupleKey"]!], remove: ["wrappedCoupleKey"]), alias),
                create(
                    "salt instead of kdfSalt", [pinnedName], with(["salt": good["kdfSalt"]!], remove: ["kdfSalt"]),
                    alias),
                create(
                    "params instead of kdfParams", [pinnedName],
                    with(["params": good["kdfParams"]!], remove: ["kdfParams"]), alias),
                create(
                    "encryptedPhrase instead of recoveryPhrase", [pinnedName],
                    with(["encryptedPhrase": good["recoveryPhrase"]!], remove: ["recoveryPhrase"]), alias),
                create(
                    "encryptedRecoveryPhrase instead of recoveryPhrase", [pinnedName],
                    with(["encryptedRecoveryPhrase": good["recoveryPhrase"]!], remove: ["recoveryPhrase"]), alias),
                create("kdfParams as a number", [wrongType], with(["kdfParams": .number(46080)]), typeRefused),
                create("code missing", [missingMember], with(remove: ["code"]), noCode),
                create("code of 5 characters", [invalidCode], with(["code": .string("K7Q2X")]), badCode),
                create("code with a hyphen", [invalidCode], with(["code": .string("K7Q-XM")]), badCode),
                create("code as a number", [wrongType], with(["code": .number(123456)]), typeRefused),
                create("Payload that is an array", [wrongType], .array([]), notObject),
                create(
                    "kdfSalt of 8 bytes: stored as is, unreadable", [serverAcceptsWireRejects],
                    with(["kdfSalt": .string("BwcHBwcHBwc=")]),
                    accepted([("kdfSalt", .coupleKeyInvalidSaltLength)])),
                create(
                    "kdfParams not a PHC string", [serverAcceptsWireRejects],
                    with(["kdfParams": .string("argon2id:m=46080")]),
                    accepted([("kdfParams", .kdfParamsMalformed)])),
                create(
                    "recoveryPhrase too short to hold salt, IV and tag", [serverAcceptsWireRejects],
                    with(["recoveryPhrase": .string("AAAA")]), accepted([("recoveryPhrase", .invitePhraseTooShort)])),
                create(
                    "Lower-case code: the rules' shape accepts it, new codes are upper case",
                    [serverAcceptsWireRejects],
                    with(["code": .string("k7m2qx")]), valid),
            ]
        }

        /// createInviteCallable: more types and codes, the order of the checks, what the server stores unread.
        func moreCreateCases() -> [VectorCase] {
            [
                create(
                    "Both wrappedCoupleKey and its alias: the pinned name is present, the alias is ignored",
                    [pinnedName],
                    with(["wrappedKey": .string("ignored")]), valid),
                create("Payload that is null", [wrongType], .null, notObject),
                create("Payload that is a string", [wrongType], .string("{}"), notObject),
                create(
                    "wrappedCoupleKey as an object", [wrongType], with(["wrappedCoupleKey": .object([:])]), typeRefused),
                create("recoveryPhrase as an array", [wrongType], with(["recoveryPhrase": .array([])]), typeRefused),
                create("code null", [missingMember], with(["code": .null]), noCode),
                create("code of 7 characters", [invalidCode], with(["code": .string("K7Q2XMA")]), badCode),
                create("code empty", [invalidCode], with(["code": .string("")]), badCode),
                create("code with a non-ASCII letter", [invalidCode], with(["code": .string("K7Q2XÖ")]), badCode),
                create("code with a trailing newline", [invalidCode], with(["code": .string("K7Q2XM\n")]), badCode),
                create(
                    "Material missing and code missing: material is checked first", [checkOrder, missingMember],
                    with(remove: ["kdfSalt", "code"]), missing),
                create(
                    "kdfParams a number and code invalid: member types before the code", [checkOrder, wrongType],
                    with(["kdfParams": .number(1), "code": .string("x")]), typeRefused),
                create(
                    "Missing wrappedCoupleKey and a wrong-typed kdfSalt: presence of all four before their types",
                    [checkOrder, missingMember], with(["kdfSalt": .number(1)], remove: ["wrappedCoupleKey"]), missing),
                create(
                    "Unknown extra members are stored, not refused", [realWireValue],
                    with(["inviterName": .string("Alice"), "platform": .string("android")]), valid),
                create(
                    "wrappedCoupleKey in the url-safe alphabet", [serverAcceptsWireRejects],
                    with(["wrappedCoupleKey": .string("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-_-_")]),
                    accepted([("wrappedCoupleKey", .b64WrongAlphabet)])),
                create(
                    "kdfParams with Argon2i", [serverAcceptsWireRejects],
                    with(["kdfParams": .string("$argon2i$v=19$m=46080,t=1,p=1")]),
                    accepted([("kdfParams", .kdfParamsUnknownAlgorithm)])),
                create(
                    "kdfParams with version 16 (0x10)", [serverAcceptsWireRejects],
                    with(["kdfParams": .string("$argon2id$v=16$m=46080,t=1,p=1")]),
                    accepted([("kdfParams", .kdfParamsUnsupportedVersion)])),
                create(
                    "kdfParams without a version segment", [serverAcceptsWireRejects],
                    with(["kdfParams": .string("$argon2id$m=46080,t=1,p=1")]),
                    accepted([("kdfParams", .kdfParamsMissingVersion)])),
                create(
                    "kdfParams with fields out of order", [serverAcceptsWireRejects],
                    with(["kdfParams": .string("$argon2id$v=19$t=1,m=46080,p=1")]),
                    accepted([("kdfParams", .kdfParamsFieldOrder)])),
                create(
                    "kdfParams with a trailing newline", [serverAcceptsWireRejects],
                    with(["kdfParams": .string("$argon2id$v=19$m=46080,t=1,p=1\n")]),
                    accepted([("kdfParams", .kdfParamsInvalidCharacter)])),
                create(
                    "recoveryPhrase with a space inside", [serverAcceptsWireRejects],
                    with(["recoveryPhrase": .string("AAAA AAAA")]), accepted([("recoveryPhrase", .b64InvalidCharacter)])
                ),
            ]
        }

        /// acceptInviteCallable, with and without the stored invite.
        func acceptCases() -> [VectorCase] {
            let iosInvite: JSONValue = .object([
                "code": good["code"]!, "inviterUserId": .string("bob"), "status": .string("pending"),
                "createdAt": .object(["timestampValue": .string("2025-03-14T18:00:00Z")]),
                "expiresAt": .object(["timestampValue": .string("2025-03-15T18:00:00Z")]),
            ])
            var accepts: [VectorCase] = [
                accept("Accept with a code", [inviteState], .object(["code": code]), valid),
                accept(
                    "Accept the end-to-end invite (the document createInviteCallable writes)",
                    [inviteState, realWireValue],
                    .object(["code": code]), invite: inviteDoc, valid),
                accept(
                    "Accept an invite an iOS inviter created with [:]", [inviteState, iosEmptyPayload],
                    .object(["code": code]),
                    invite: iosInvite, missing),
                accept("Accept without a code", [missingMember], .object([:]), noCode),
                accept(
                    "Accept an invite already accepted", [inviteState], .object(["code": code]),
                    invite: doc(["status": .string("accepted")]),
                    refused(.callableInviteNotPending, "failed-precondition")),
            ]
            accepts += [
                accept("Accept with a payload that is an array", [wrongType], .array([.string("K7Q2XM")]), notObject),
                accept(
                    "Accept with a code of 5 characters", [invalidCode], .object(["code": .string("K7Q2X")]), badCode),
                accept("Accept with a code as a number", [wrongType], .object(["code": .number(123456)]), typeRefused),
                accept(
                    "Accept an invite without status (absent counts as pending)", [inviteState],
                    .object(["code": code]),
                    invite: doc(remove: ["status"]), valid),
                accept(
                    "Accept an invite whose stored kdfSalt is null", [inviteState, missingMember],
                    .object(["code": code]),
                    invite: doc(["kdfSalt": .null]), missing),
                accept(
                    "Accept an expired-status invite with material missing: status before material",
                    [inviteState, checkOrder],
                    .object(["code": code]), invite: doc(["status": .string("expired")], remove: ["kdfParams"]),
                    refused(.callableInviteNotPending, "failed-precondition")),
                accept(
                    "Accept an invite document that is not an object", [inviteState, wrongType],
                    .object(["code": code]),
                    invite: .string("pending"), refused(.callableNotAnObject, "not-found")),
                accept(
                    "Accept with a bad code and a non-pending invite: the code first", [inviteState, checkOrder],
                    .object(["code": .string("bad")]), invite: doc(["status": .string("accepted")]), badCode),
            ]
            return accepts
        }

        /// leaveCoupleCallable and unknown callables.
        func otherCases() -> [VectorCase] {
            [
                validate(
                    "leaveCoupleCallable takes an empty object", [leave], "leaveCoupleCallable", .object([:]), valid),
                .invalid(
                    "Unknown callable", flags: [unknownCallable], op: HarnessOpSpec.callableValidate.name,
                    input: [("callable", V.str("deleteCoupleCallable")), ("payload", .object([:]))],
                    error: .callableUnknown,
                    layer: .contract),
                validate(
                    "leaveCoupleCallable with an array", [leave, wrongType], "leaveCoupleCallable", .array([]),
                    notObject),
                .invalid(
                    "Callable name in another case", flags: [unknownCallable], op: HarnessOpSpec.callableValidate.name,
                    input: [("callable", V.str("CreateInviteCallable")), ("payload", .object([:]))],
                    error: .callableUnknown,
                    layer: .contract),
            ]
        }
    }
}
