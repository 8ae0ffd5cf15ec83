// The small language the rules vector cases are written in. Normative: specs/rules.md §"Vectors".

import CloserVectorModel
import CloserRules
import CloserWire

/// A document as JSON members.
typealias Doc = [String: JSONValue]

/// JSON shorthands for fixtures.
enum J {
    static func ts(_ rfc3339: String) -> JSONValue { .object(["timestampValue": .string(rfc3339)]) }
    static func map(_ d: Doc) -> JSONValue { .object(d) }
    static func list(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
}

/// Vector flags: each explained in the file's `notes` with a bug type.
enum RulesFlag: String, CaseIterable, Sendable {
    case allowed = "Allowed"
    case realWireValue = "RealWireValue"
    case signedOut = "SignedOut"
    case wrongPrincipal = "WrongPrincipal"
    case partnerGate = "PartnerGate"
    case serverOnly = "ServerOnly"
    case plaintext = "Plaintext"
    case malformedWireValue = "MalformedWireValue"
    case wrongPrefix = "WrongPrefix"
    case rulesAcceptWireRejects = "RulesAcceptWireRejects"
    case shape = "ShapeViolation"
    case immutability = "Immutability"
    case noMatchingRule = "NoMatchingRule"
    case query = "Query"
    case legacyCouple = "LegacyCouple"
    case inferred = "Inferred"
    case configuration = "Configuration"
    case manualConflict = "ManualConflict"
    case decided = "Decided"

    var bugType: String {
        switch self {
        case .allowed, .realWireValue, .query: "BASIC"
        case .signedOut, .wrongPrincipal, .serverOnly: "AUTH_BYPASS"
        case .partnerGate, .plaintext: "CONFIDENTIALITY"
        case .malformedWireValue, .wrongPrefix: "WIRE_FORMAT"
        case .rulesAcceptWireRejects: "WIRE_FORMAT_GAP"
        case .shape: "SCHEMA"
        case .immutability: "INTEGRITY"
        case .noMatchingRule: "DENY_BY_DEFAULT"
        case .legacyCouple: "EDGE_CASE"
        case .inferred, .manualConflict: "SPEC_INFERENCE"
        case .configuration: "CONFIGURATION"
        case .decided: "SPEC_DECISION"
        }
    }

    var note: String {
        switch self {
        case .allowed: "A legitimate client request the rules must allow."
        case .realWireValue: "Uses real enc:v1 / sealed:v1 / sha256 / keybox:v1 / pub:v1 values made by CloserWire."
        case .signedOut: "The caller is not signed in (unauthenticatedContext)."
        case .wrongPrincipal:
            "The caller is not the owner, member, partner, author, inviter or recipient the rule requires."
        case .partnerGate: "The partner tries to read an answer payload before answering the same date themself."
        case .serverOnly: "A client write (or read) of data only Cloud Functions may touch."
        case .plaintext: "Plaintext where the rules require ciphertext."
        case .malformedWireValue:
            "A wire string the rules' regex refuses (alphabet, length, padding, trailing newline)."
        case .wrongPrefix: "A wire value of another kind or version where one kind is required."
        case .rulesAcceptWireRejects:
            "The rules' regex accepts the field but CloserWire cannot read it; allowed, with expected.findings (specs/rules-gaps.md)."
        case .shape: "The document has fields outside, or lacks fields of, the shape the rule allows."
        case .immutability: "An update touches fields the rule keeps immutable."
        case .noMatchingRule: "No match block covers the path: denied by default."
        case .query: "A list request: replay as an unfiltered query over the collection path."
        case .legacyCouple: "Uses a couple at encryptionVersion 0, a conceptual state no production couple has."
        case .inferred:
            "The expected outcome rests on an invariant the manual does not state outright (specs/rules.md marks it inferred); a real firestore.rules may differ."
        case .configuration:
            "The expected outcome depends on RulesConfiguration (recorded in this file's configuration)."
        case .manualConflict:
            "The manual contradicts itself on this rule (specs/rules.md §Where the manual contradicts itself); the vector follows the resolution recorded there and in the invariant's provenance."
        case .decided:
            "The expected outcome rests on an invariant the manual names without its body; CloserSpec decided it (specs/rules.md marks it decided); a real firestore.rules may differ."
        }
    }
}

/// A request as written in a case (before the base world is added).
struct RulesCaseRequest {
    var auth: String?
    var method: RulesMethod
    var path: String
    var data: Doc?
    var existing: Doc?
    var world: [String: Doc] = [:]

    static func get(_ path: String, _ who: String?, existing: Doc? = nil) -> Self {
        Self(auth: who, method: .get, path: path, existing: existing)
    }
    static func list(_ path: String, _ who: String?) -> Self { Self(auth: who, method: .list, path: path) }
    static func create(_ path: String, _ who: String?, _ data: Doc) -> Self {
        Self(auth: who, method: .create, path: path, data: data)
    }
    static func update(_ path: String, _ who: String?, from: Doc, to: Doc) -> Self {
        Self(auth: who, method: .update, path: path, data: to, existing: from)
    }
    static func delete(_ path: String, _ who: String?, existing: Doc? = nil) -> Self {
        Self(auth: who, method: .delete, path: path, existing: existing)
    }

    /// Adds (or replaces) world documents.
    func with(_ docs: [String: Doc]) -> Self {
        var copy = self
        copy.world.merge(docs) { _, new in new }
        return copy
    }
}

/// What a case expects.
enum RulesCaseExpectation {
    case allow
    /// Denied with exactly these violations; nil = the group's invariant (plus
    /// `auth.signed_in` when the caller is signed out).
    case deny([InvariantID]?)
}

/// One case.
struct RulesCase {
    let comment: String
    let flags: [RulesFlag]
    let request: RulesCaseRequest
    let expectation: RulesCaseExpectation
}

/// The cases of one invariant.
struct RulesCaseGroup {
    let invariant: InvariantID
    let cases: [RulesCase]

    init(_ invariant: InvariantID, _ cases: [RulesCase]) {
        self.invariant = invariant
        self.cases = cases
    }
}

/// An allowed case.
func allow(_ comment: String, _ flags: [RulesFlag] = [], _ request: RulesCaseRequest) -> RulesCase {
    RulesCase(comment: comment, flags: [.allowed] + flags, request: request, expectation: .allow)
}

/// A denied case; `violations` nil = the group's invariant.
func deny(_ comment: String, _ flags: [RulesFlag] = [], _ request: RulesCaseRequest, _ violations: [InvariantID]? = nil)
    -> RulesCase
{
    let extra: [RulesFlag] = request.auth == nil && !flags.contains(.signedOut) ? [.signedOut] : []
    return RulesCase(comment: comment, flags: flags + extra, request: request, expectation: .deny(violations))
}
