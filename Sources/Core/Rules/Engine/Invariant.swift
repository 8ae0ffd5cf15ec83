// One rule invariant: a stable id, the quoted source it comes from, and a check.
// Normative: specs/rules.md (one row per invariant).

/// A stable invariant id such as `answers.v2.create.metadata_only`. Ids never change
/// meaning once published; vectors, ports and specs/rules.md refer to them.
public struct InvariantID: RawRepresentable, Hashable, Sendable, Comparable,
    ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Where in its source an invariant comes from (specs/rules.md §"The invariants", source column).
public struct ManualSource: Hashable, Sendable {
    /// Section path, e.g. `Firestore security rules › Per-collection enforcement`.
    public let section: String
    /// The source's own words (verbatim, possibly shortened with …).
    public let quote: String

    public init(section: String, quote: String) {
        self.section = section
        self.quote = quote
    }
}

/// How directly the source states an invariant (specs/rules.md: stated, inferred, configuration,
/// decided).
public enum Provenance: Hashable, Sendable {
    /// The source states the rule.
    case stated
    /// The source is silent or ambiguous; this is the most literal reading (why given).
    case inferred(String)
    /// The source names the helper but not its data; the data is `RulesConfiguration` (specs/rules.md §Configuration).
    case configuration(String)
    /// The source names the rule but says nothing of what it allows; the rule set chose (why given).
    case decided(String)

    public var label: String {
        switch self {
        case .stated: "stated"
        case .inferred: "inferred"
        case .configuration: "configuration"
        case .decided: "decided"
        }
    }

    public var note: String? {
        switch self {
        case .stated: nil
        case .inferred(let s), .configuration(let s), .decided(let s): s
        }
    }
}

/// Which requests an invariant applies to.
public struct InvariantScope: Hashable, Sendable {
    /// Pattern ids; nil = every pattern of the rule set.
    public let patterns: [String]?
    public let methods: Set<RulesMethod>

    public init(patterns: [String]?, methods: Set<RulesMethod>) {
        self.patterns = patterns
        self.methods = methods
    }

    public func covers(pattern: String, method: RulesMethod) -> Bool {
        methods.contains(method) && (patterns?.contains(pattern) ?? true)
    }
}

/// What a check says about one request.
public struct InvariantResult: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case holds
        case violated(String)
        /// The invariant's precondition is not met (e.g. a schemaVersion 3 check on a
        /// schemaVersion 2 document); it neither allows nor denies.
        case notApplicable

        public var isViolated: Bool {
            if case .violated = self { return true }
            return false
        }
    }

    public var outcome: Outcome
    public var findings: [WireFinding]

    public init(_ outcome: Outcome, findings: [WireFinding] = []) {
        self.outcome = outcome
        self.findings = findings
    }

    public static let holds = InvariantResult(.holds)
    public static let notApplicable = InvariantResult(.notApplicable)
    public static func violated(_ reason: String) -> InvariantResult {
        InvariantResult(.violated(reason))
    }

    /// Holds when `condition` is true, else violated with `reason`.
    public static func require(_ condition: Bool, _ reason: @autoclosure () -> String)
        -> InvariantResult
    {
        condition ? .holds : .violated(reason())
    }

    /// Every part must hold: violated if any part is (reasons joined); not applicable only
    /// if every part is; findings are collected from all parts.
    public static func all(_ parts: [InvariantResult]) -> InvariantResult {
        let reasons = parts.compactMap { p -> String? in
            if case .violated(let r) = p.outcome { return r }
            return nil
        }
        let findings = parts.flatMap(\.findings)
        if !reasons.isEmpty {
            return InvariantResult(.violated(reasons.joined(separator: "; ")), findings: findings)
        }
        if !parts.isEmpty, parts.allSatisfy({ $0.outcome == .notApplicable }) {
            return InvariantResult(.notApplicable, findings: findings)
        }
        return InvariantResult(.holds, findings: findings)
    }
}

/// One invariant of a rule set.
public struct Invariant: Sendable {
    public let id: InvariantID
    public let source: ManualSource
    public let provenance: Provenance
    /// The check in words (the `check` column of specs/rules.md).
    public let summary: String
    public let scope: InvariantScope
    public let check: @Sendable (RulesContext) -> InvariantResult
    /// Set when the source contradicts itself on this rule: how the contradiction was resolved
    /// (specs/rules.md §"Where the manual contradicts itself"). Nil for most invariants.
    public internal(set) var conflict: String? = nil

    public init(
        id: InvariantID, source: ManualSource, provenance: Provenance = .stated, summary: String,
        scope: InvariantScope,
        check: @escaping @Sendable (RulesContext) -> InvariantResult
    ) {
        self.id = id
        self.source = source
        self.provenance = provenance
        self.summary = summary
        self.scope = scope
        self.check = check
    }
}

extension Invariant {
    /// This invariant, marked as resting on a resolved contradiction of its source.
    package func conflicting(_ resolution: String) -> Invariant {
        var copy = self
        copy.conflict = resolution
        return copy
    }
}
