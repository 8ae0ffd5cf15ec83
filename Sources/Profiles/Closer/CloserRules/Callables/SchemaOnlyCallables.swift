// The requests of the callables that have a JSON Schema but no server-side op: each required
// member present, of its type, with a value in range, checked in the schema's order.
// Normative: specs/callables.md §"The other callables" (D-CONTRACTS-21..23; the shapes are
// cloud-functions.md §The remaining callables').

import CloserWire

/// What a required member must hold.
enum RequiredMember: Sendable {
    /// A non-empty string.
    case nonEmptyString
    /// A JSON object (any members).
    case object
    /// One of the listed strings.
    case oneOf([String])
}

enum SchemaOnlyCallables {
    /// The outcome day keys (manual §Firestore data model: "day_0, day_30, day_60, day_90").
    static let dayKeys = ["day_0", "day_30", "day_60", "day_90"]

    /// Each callable's required members, in check order (the request schemas'
    /// `specs/schema/callables/<callable>.request.schema.json`).
    static func required(_ callable: Callable) -> [(String, RequiredMember)] {
        switch callable {
        case .sendDailyQuestionReminder: return [("userId", .nonEmptyString)]
        case .submitOutcome: return [("dayKey", .oneOf(dayKeys)), ("answers", .object)]
        case .assignDailyQuestion: return [("coupleId", .nonEmptyString)]
        case .checkDeviceIntegrity: return [("token", .nonEmptyString)]
        default: return []
        }
    }

    /// Refuses a payload that is not an object, or whose required members are absent or null
    /// (`callable.missing_member`), of another type (`callable.invalid_member_type`) or out of range
    /// (`callable.invalid_value`); every refusal is `invalid-argument`. Other members are ignored.
    static func validate(_ callable: Callable, _ payload: JSONValue) throws(CallableRejection) {
        guard case .object = payload else { throw CallablePayload.notObject() }
        for (name, rule) in required(callable) {
            guard let value = payload.member(exactly: name), value != .null else {
                throw CallablePayload.reject(
                    .callableMissingMember, "the payload lacks \(name)", "invalid-argument", "\(name) is required")
            }
            try check(value, name, rule)
        }
    }

    static func check(_ value: JSONValue, _ name: String, _ rule: RequiredMember) throws(CallableRejection) {
        func wrongType(_ what: String) -> CallableRejection {
            CallablePayload.reject(
                .callableInvalidMemberType, "\(name) must be \(what)", "invalid-argument", "\(name) must be \(what)")
        }
        func outOfRange(_ what: String) -> CallableRejection {
            CallablePayload.reject(.callableInvalidValue, "\(name) \(what)", "invalid-argument", "Invalid \(name)")
        }
        switch rule {
        case .object:
            guard case .object = value else { throw wrongType("an object") }
        case .nonEmptyString:
            guard let text = value.stringValue else { throw wrongType("a string") }
            if text.isEmpty { throw outOfRange("is empty") }
        case .oneOf(let allowed):
            guard let text = value.stringValue else { throw wrongType("a string") }
            if !allowed.containsIdentical(text) { throw outOfRange("is not one of \(allowed)") }
        }
    }
}
