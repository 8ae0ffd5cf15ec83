// The invite callables' request payloads as the server checks them, and the invite document
// createInviteCallable writes. Normative: specs/callables.md (order of checks: §"Checks"); the
// other callables' requests: specs/callables.md §"The other callables" (SchemaOnlyCallables.swift).

import CloserWire

extension CloserError.Code {
    public static let callableUnknown = Self("callable.unknown_callable", .unsupported)
    public static let callableNotAnObject = Self("callable.payload_not_object", .invalidParameters)
    public static let callableMissingEncryptionMaterial = Self(
        "callable.missing_encryption_material", .invalidParameters)
    public static let callableAliasMember = Self("callable.alias_member", .invalidParameters)
    public static let callableInvalidMemberType = Self("callable.invalid_member_type", .invalidParameters)
    public static let callableMissingCode = Self("callable.missing_code", .invalidParameters)
    public static let callableInvalidCode = Self("callable.invalid_code", .invalidParameters)
    public static let callableInviteNotPending = Self("callable.invite_not_pending", .invalidParameters)
    public static let callableMissingMember = Self("callable.missing_member", .invalidParameters)
    public static let callableInvalidValue = Self("callable.invalid_value", .invalidParameters)
}

/// The callables of specs/callables.md.
public enum Callable: String, Sendable, CaseIterable {
    case createInvite = "createInviteCallable"
    case acceptInvite = "acceptInviteCallable"
    case leaveCouple = "leaveCoupleCallable"
    case sendDailyQuestionReminder
    case sendPartnerAnsweredNotification
    case sendGentleReminder = "sendGentleReminderCallable"
    case submitOutcome = "submitOutcomeCallable"
    case syncEntitlement
    case assignDailyQuestion = "assignDailyQuestionCallable"
    case checkDeviceIntegrity

    public init(name: String) throws(CloserError) {
        guard let c = Self(rawValue: name) else {
            throw CloserError(.callableUnknown, "unknown callable; expected one of \(Self.allCases.map(\.rawValue))")
        }
        self = c
    }
}

/// A Firebase `HttpsError`: its code (`failed-precondition`, …) and message.
public struct HttpsError: Hashable, Sendable {
    public let code: String
    public let message: String
    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// A payload the server refuses: the CloserSpec error and the `HttpsError` the server throws.
public struct CallableRejection: Error, Hashable, Sendable {
    public let error: CloserError
    public let https: HttpsError
}

/// A field a callable lets through that CloserWire cannot read (the server checks presence only).
public struct CallableFinding: Hashable, Sendable {
    public let field: String
    public let code: String
    public let reason: String

    public var json: JSONValue {
        .object(["field": .string(field), "code": .string(code), "reason": .string(reason)])
    }
}

/// Validation of callable payloads.
public enum CallablePayload {
    /// The four invite members, pinned names (specs/callables.md §"Names"), in check order.
    public static let encryptionMembers = ["wrappedCoupleKey", "kdfSalt", "kdfParams", "recoveryPhrase"]
    /// Other names for the same values → the pinned name (specs/callables.md §"Names (pinned)").
    public static let aliases: [String: String] = [
        "wrappedKey": "wrappedCoupleKey", "salt": "kdfSalt", "params": "kdfParams",
        "encryptedPhrase": "recoveryPhrase", "encryptedRecoveryPhrase": "recoveryPhrase",
    ]
    /// The one normative server message (specs/callables.md §"Checks, in order").
    public static let missingMaterialMessage = "Invite is missing encryption material"

    /// Checks `payload` as the server does; returns the findings of a payload it accepts.
    public static func validate(
        _ callable: Callable, payload: JSONValue, invite: JSONValue? = nil
    ) throws(CallableRejection) -> [CallableFinding] {
        switch callable {
        case .createInvite: return try validateCreate(payload)
        case .acceptInvite: return try validateAccept(payload, invite: invite)
        case .leaveCouple:
            guard case .object = payload else { throw notObject() }
            return []
        default:
            try SchemaOnlyCallables.validate(callable, payload)
            return []
        }
    }

    static func reject(_ code: CloserError.Code, _ reason: String, _ https: String, _ message: String)
        -> CallableRejection
    {
        CallableRejection(error: CloserError(code, reason), https: HttpsError(https, message))
    }

    static func notObject() -> CallableRejection {
        reject(.callableNotAnObject, "the payload is not a JSON object", "invalid-argument", "Invalid payload")
    }

    /// Step 2 of both invite callables: the four members present and non-null.
    static func requireMaterial(_ members: [String: JSONValue], where what: String) throws(CallableRejection) {
        for name in encryptionMembers where members[name] == nil || members[name] == .null {
            if let alias = aliases.first(where: { $0.value == name && members[$0.key] != nil })?.key {
                throw reject(
                    .callableAliasMember, "\(what) has \(alias) but not the pinned name \(name)",
                    "failed-precondition", missingMaterialMessage)
            }
            throw reject(
                .callableMissingEncryptionMaterial, "\(what) lacks \(name)", "failed-precondition",
                missingMaterialMessage)
        }
    }

    /// Step 3 of createInviteCallable: the four members are strings. (acceptInviteCallable reads
    /// the stored document's material with step 2 only: callables.md §"Checks, in order".)
    static func requireMaterialStrings(_ members: [String: JSONValue], where what: String) throws(CallableRejection) {
        for name in encryptionMembers where members[name]?.stringValue == nil {
            throw reject(
                .callableInvalidMemberType, "\(what): \(name) must be a string", "invalid-argument",
                "\(name) must be a string")
        }
    }

    static func requireCode(_ members: [String: JSONValue]) throws(CallableRejection) -> String {
        guard let v = members["code"], v != .null else {
            throw reject(.callableMissingCode, "the payload lacks code", "invalid-argument", "Invite code is required")
        }
        guard let code = v.stringValue else {
            throw reject(.callableInvalidMemberType, "code must be a string", "invalid-argument", "Invalid invite code")
        }
        guard InviteCodeShape.matches(code) else {
            throw reject(
                .callableInvalidCode, "code does not match ^[a-zA-Z0-9]{6}$", "invalid-argument", "Invalid invite code")
        }
        return code
    }

    static func validateCreate(_ payload: JSONValue) throws(CallableRejection) -> [CallableFinding] {
        guard case .object(let members) = payload else { throw notObject() }
        try requireMaterial(members, where: "the payload")
        try requireMaterialStrings(members, where: "the payload")
        let code = try requireCode(members)
        return findings(members, code: code)
    }

    static func validateAccept(_ payload: JSONValue, invite: JSONValue?) throws(CallableRejection)
        -> [CallableFinding]
    {
        guard case .object(let members) = payload else { throw notObject() }
        _ = try requireCode(members)
        guard let invite else { return [] }
        guard case .object(let doc) = invite else {
            throw reject(.callableNotAnObject, "the invite document is not an object", "not-found", "Invite not found")
        }
        if let status = doc["status"], status != .string("pending") {
            throw reject(
                .callableInviteNotPending, "the invite's status is not pending", "failed-precondition",
                "Invite is no longer valid")
        }
        try requireMaterial(doc, where: "the invite document")
        return []
    }

    /// Keyless CloserWire checks of the members the server stores without looking.
    static func findings(_ members: [String: JSONValue], code: String) -> [CallableFinding] {
        var out: [CallableFinding] = []
        func add(_ field: String, _ e: CloserError) {
            out.append(CallableFinding(field: field, code: e.code.rawValue, reason: e.reason))
        }
        for (name, format) in [
            ("wrappedCoupleKey", WireFieldFormat.wrappedCoupleKey), ("kdfSalt", .kdfSalt), ("kdfParams", .kdfParams),
        ] {
            if let text = members[name]?.stringValue, let e = WireProbe.error(text, as: format) { add(name, e) }
        }
        if let text = members["recoveryPhrase"]?.stringValue {
            // The keyless part of InvitePhraseCipher.decrypt (invite-phrase.md): length, b64, size.
            if text.utf8.count > InvitePhraseCipher.maximumValueLength {
                add(
                    "recoveryPhrase",
                    CloserError(.invitePhraseTooLong, "longer than \(InvitePhraseCipher.maximumValueLength) characters")
                )
            } else {
                do {
                    let bytes = try Base64.decode(text, .standard)
                    if bytes.count < InvitePhraseCipher.minimumValueLength {
                        add(
                            "recoveryPhrase",
                            CloserError(
                                .invitePhraseTooShort,
                                "decodes to \(bytes.count) bytes; salt, IV and tag alone are \(InvitePhraseCipher.minimumValueLength)"
                            ))
                    }
                } catch { add("recoveryPhrase", error) }
            }
        }
        do { _ = try InviteCode(code) } catch { add("code", error) }
        return out
    }

    /// The `invites/{code}` document createInviteCallable writes for an accepted payload
    /// (specs/callables.md §"The invite document"); timestamps as RFC 3339 strings.
    public static func inviteDocument(
        payload: JSONValue, inviterUserId: String, createdAt: Instant
    ) throws(CallableRejection) -> JSONValue {
        _ = try validateCreate(payload)
        guard case .object(let m) = payload else { throw notObject() }
        func ts(_ i: Instant) -> JSONValue { .object(["timestampValue": .string(InstantFormat.rfc3339(i))]) }
        var doc: [String: JSONValue] = [
            "code": m["code"]!, "inviterUserId": .string(inviterUserId), "status": .string("pending"),
            "createdAt": ts(createdAt),
            "expiresAt": ts(
                Instant(secondsSince1970: createdAt.seconds + 24 * 3600, nanoseconds: createdAt.nanoseconds)),
        ]
        for name in encryptionMembers { doc[name] = m[name] }
        return .object(doc)
    }
}

/// `isValidInviteCode`: `^[a-zA-Z0-9]{6}$` (the rules' shape; new codes use a smaller alphabet).
enum InviteCodeShape {
    static func matches(_ s: String) -> Bool {
        let b = Array(s.utf8)
        return b.count == 6
            && b.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}

/// RFC 3339 rendering of an `Instant` (UTC, `Z`, fraction only when non-zero, 3/6/9 digits).
enum InstantFormat {
    static func rfc3339(_ i: Instant) -> String {
        let days = i.seconds >= 0 ? i.seconds / 86400 : -((-i.seconds + 86399) / 86400)
        let rem = Int(i.seconds - days * 86400)
        let date = CivilDate(daysSince1970: Int(days))
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        var s = date.key + "T" + pad(rem / 3600, 2) + ":" + pad(rem / 60 % 60, 2) + ":" + pad(rem % 60, 2)
        if i.nanoseconds != 0 {
            var f = pad(Int(i.nanoseconds), 9)
            while f.count > 3, f.hasSuffix("000") { f.removeLast(3) }
            s += "." + f
        }
        return s + "Z"
    }
}
