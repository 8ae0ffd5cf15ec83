// Shorthand for declaring Closer's invariants, and the source sections they quote.
// Normative: specs/rules.md.

/// The source sections of Closer's invariants, as specs/rules.md names and quotes them.
enum Manual {
    static func section(_ name: String, _ quote: String) -> ManualSource {
        ManualSource(section: name, quote: quote)
    }
    static func helpers(_ q: String) -> ManualSource {
        section("Firestore security rules › Helper functions", q)
    }
    static func perCollection(_ q: String) -> ManualSource {
        section("Firestore security rules › Per-collection enforcement", q)
    }
    static func securityRules(_ q: String) -> ManualSource { section("Firestore security rules", q) }
    static func dataModel(_ q: String) -> ManualSource { section("Firestore data model", q) }
    static func dataOwnership(_ q: String) -> ManualSource {
        section("System overview › Data ownership", q)
    }
    static func premium(_ q: String) -> ManualSource {
        section("System overview › Couple-shared premium", q)
    }
    static func reveal(_ q: String) -> ManualSource {
        section("Daily question lifecycle › Reveal flow", q)
    }
    static func answerWrite(_ q: String) -> ManualSource {
        section("Daily question lifecycle › Answer write", q)
    }
    static func threads(_ q: String) -> ManualSource {
        section("Daily question lifecycle › Thread questions", q)
    }
    static func sealed(_ q: String) -> ManualSource {
        section("End-to-end encryption model › Sealed-answer partner-proof mode", q)
    }
    static func regex(_ q: String) -> ManualSource {
        section("End-to-end encryption model › Firestore rules regex helpers", q)
    }
    static func encryptionVersions(_ q: String) -> ManualSource {
        section("End-to-end encryption model › Encryption versions", q)
    }
    static func couplesModel(_ q: String) -> ManualSource {
        section("Authentication and pairing flow › The couples document model", q)
    }
    static func gentleReminders(_ q: String) -> ManualSource {
        section("Notifications › Gentle reminders and challenges", q)
    }
    static func gamePush(_ q: String) -> ManualSource {
        section("Notifications › Game session push semantics (idempotent flag-claim)", q)
    }
    static func landmines(_ id: String, _ q: String) -> ManualSource {
        section("Known landmines and recent fixes › \(id)", q)
    }
    static func pairing(_ q: String) -> ManualSource { section("Authentication and pairing flow › Pairing flow", q) }
    static func profileRules(_ q: String) -> ManualSource { section("profile-v1.md › Rules", q) }
}

extension Invariant {
    /// Declares one Closer invariant.
    static func closer(
        _ id: InvariantID, _ patterns: [PathPattern], _ methods: Set<RulesMethod>,
        _ source: ManualSource,
        _ provenance: Provenance = .stated, summary: String,
        check: @escaping @Sendable (RulesContext) -> InvariantResult
    ) -> Invariant {
        Invariant(
            id: id, source: source, provenance: provenance, summary: summary,
            scope: InvariantScope(patterns: patterns.map(\.id), methods: methods), check: check)
    }

    /// An invariant that denies every request in scope (server-only / not granted).
    static func denied(
        _ id: InvariantID, _ patterns: [PathPattern], _ methods: Set<RulesMethod>,
        _ source: ManualSource,
        _ provenance: Provenance = .stated, what: String
    ) -> Invariant {
        closer(
            id, patterns, methods, source, provenance,
            summary:
                "Always violated: \(RulesMethod.allCases.filter(methods.contains).map(\.rawValue).joined(separator: ", ")) is \(what)."
        ) { ctx in ctx.serverOnly(what) }
    }
}

extension RulesContext {
    /// The numeric `schemaVersion` of a document, if it is a number.
    func schemaVersion(_ doc: FirestoreDocument?) -> Double? { doc?["schemaVersion"]?.numberValue }

    /// `doc[field] == <path variable>`, the field a string.
    func field(_ doc: FirestoreDocument?, _ field: String, equalsBinding variable: String)
        -> InvariantResult
    {
        guard let expected = binding(variable) else { return .violated("{\(variable)} is unbound") }
        guard let value = doc?[field] else {
            return .violated("\(field) is missing; it must equal {\(variable)}")
        }
        return .require(value == .string(expected), "\(field) must equal {\(variable)} (\(expected))")
    }

    /// The field is a non-empty string.
    func nonEmptyString(_ doc: FirestoreDocument?, _ field: String) -> InvariantResult {
        guard let v = doc?[field] else { return .violated("\(field) is missing") }
        guard let s = v.stringValue else {
            return .violated("\(field) is a \(v.typeName), not a string")
        }
        return .require(!s.isEmpty, "\(field) is empty")
    }

    /// Absent, or `false`.
    func absentOrFalse(_ doc: FirestoreDocument?, _ field: String) -> InvariantResult {
        guard let v = doc?[field] else { return .holds }
        return .require(v == .boolean(false), "\(field) must be absent or false on create")
    }

    /// Absent, or a bool.
    func absentOrBool(_ doc: FirestoreDocument?, _ field: String) -> InvariantResult {
        guard let v = doc?[field] else { return .holds }
        return .require(v.boolValue != nil, "\(field) must be a bool, not a \(v.typeName)")
    }
}
