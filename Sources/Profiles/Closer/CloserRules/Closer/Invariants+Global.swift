// Invariants that hold for every path: deny by default, and sign-in.
// Normative: specs/rules.md.

extension CloserInvariants {
    /// Reported when no match block covers a path, or none allows the method.
    static let noMatchingRule = Invariant.closer(
        "paths.no_matching_rule", [], [],
        Manual.securityRules(
            "Admin SDK / Cloud Functions bypass these rules, so anything that must be server-only is denied for direct client writes."
        ),
        summary:
            "Deny by default: a path no match block covers (or a method no rule grants) is denied. Covers e.g. users/{uid}/invite_attempts, memory-lane and challenge subcollections, unknown collections."
    ) { _ in .violated("no match block covers this path") }

    static let global: [Invariant] = [
        Invariant(
            id: "auth.signed_in",
            source: Manual.helpers("isSignedIn() request.auth != null"),
            provenance: .inferred(
                "Every grant in the manual is to an owner, a member, a partner, an inviter, a recipient or \"any signed-in user\"; none to signed-out callers."
            ),
            summary: "request.auth != null.",
            scope: InvariantScope(patterns: nil, methods: RulesMethod.all)
        ) { ctx in .require(ctx.uid != nil, "the caller is signed out") }
    ]
}
