// Reusable check building blocks (the rules language's common idioms).
// Normative: specs/rules.md §"Evaluation".

/// A rules helper that validates a wire string with a regex (`isCiphertext`, ...).
public struct RulesWireHelper: Hashable, Sendable {
    /// The helper's name in firestore.rules.
    public let name: String
    public let pattern: AnchoredPattern
    /// What the rule set's wire probe reads the accepted string as.
    public let format: WireFieldFormat

    public init(name: String, pattern: AnchoredPattern, format: WireFieldFormat) {
        self.name = name
        self.pattern = pattern
        self.format = format
    }
}

extension RulesContext {
    /// `request.auth.uid == <variable>`.
    public func isOwner(_ variable: String) -> Bool {
        guard let uid, let value = binding(variable) else { return false }
        return uid == value
    }

    /// Violated unless the caller is the path's `<variable>`.
    public func requireOwner(_ variable: String, _ role: String = "owner") -> InvariantResult {
        guard let uid else { return .violated("signed out; only the \(role) may do this") }
        guard let value = binding(variable) else {
            return .violated(
                "{\(variable)} is unbound (a collection query cannot prove it is the caller)")
        }
        return .require(uid == value, "caller \(uid) is not the \(role) \(value)")
    }

    /// Violated always: the method is reserved for the server (Admin SDK).
    public func serverOnly(_ what: String) -> InvariantResult {
        .violated("\(method.rawValue) on \(pattern.template) is \(what)")
    }

    /// `doc.keys().hasOnly(allowed)`.
    public func keys(
        of doc: FirestoreDocument?, within allowed: Set<String>, _ what: String = "document"
    )
        -> InvariantResult
    {
        guard let doc else { return .violated("no \(what)") }
        let extra = FirestoreDocument.names(doc.fields.keys, outside: allowed)
        return .require(
            extra.isEmpty, "\(what) has fields outside the allowed set: \(extra.joined(separator: ", "))")
    }

    /// `doc.keys().hasAll(required)`.
    public func keys(
        of doc: FirestoreDocument?, including required: Set<String>, _ what: String = "document"
    )
        -> InvariantResult
    {
        guard let doc else { return .violated("no \(what)") }
        let missing = FirestoreDocument.names(required, outside: doc.fields.keys)
        return .require(
            missing.isEmpty, "\(what) lacks required fields: \(missing.joined(separator: ", "))")
    }

    /// `diff().affectedKeys().hasOnly(allowed)` (`isImmutable(fields)`, specs/rules.md §Evaluation).
    public func onlyAffects(_ allowed: Set<String>) -> InvariantResult {
        let touched = FirestoreDocument.names(affectedKeys(), outside: allowed)
        return .require(
            touched.isEmpty, "update touches fields it may not: \(touched.joined(separator: ", "))")
    }

    /// Checks `value` with a wire helper. Absent / null are allowed only when asked
    /// (`cipherOrAbsent`). When the regex accepts but the rule set's wire probe rejects, the result
    /// holds and carries a `WireFinding`.
    public func wireValue(
        _ value: FirestoreValue?, field: String, helper: RulesWireHelper, allowAbsent: Bool = false,
        allowNull: Bool = false
    ) -> InvariantResult {
        guard let value else {
            return allowAbsent ? .holds : .violated("\(field) is missing; \(helper.name) requires it")
        }
        if value == .null {
            return allowNull ? .holds : .violated("\(field) is null; \(helper.name) requires a string")
        }
        guard let text = value.stringValue else {
            return .violated("\(field) is a \(value.typeName), not a string; \(helper.name) fails")
        }
        guard helper.pattern.matches(text) else {
            return .violated("\(field) does not match \(helper.name) \(helper.pattern.source)")
        }
        return InvariantResult(
            .holds, findings: probe(text, field: field, format: helper.format, helper: helper.name))
    }

    /// A wire finding for a string field the rules do not check by shape (`rulesHelper: none`).
    public func probe(_ text: String, field: String, format: WireFieldFormat, helper: String = "none")
        -> [WireFinding]
    {
        guard let error = wireProbe.error(text, as: format) else { return [] }
        return [
            WireFinding(
                field: field, format: format, rulesHelper: helper, code: error.code.rawValue,
                reason: error.reason)
        ]
    }
}
