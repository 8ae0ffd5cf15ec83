// Top-level collections no client may touch. Normative: specs/rules.md.

extension CloserInvariants {
    static let serverOnly: [Invariant] = {
        let P = CloserRulePaths.self
        return [
            .denied(
                "entitlement_events.no_client_access", [P.entitlementEvent], RulesMethod.all,
                Manual.perCollection("**`entitlement_events/`** — no client access."), what: "server-only"),
            .denied(
                "questions.no_client_access", [P.question], RulesMethod.all,
                Manual.dataModel("/questions/{questionId} # SERVER-ONLY (no client rule grants access)."),
                what: "server-only"),
            .denied(
                "rate_limits.no_client_access", [P.rateLimit], RulesMethod.all,
                Manual.dataModel(
                    "/rate_limits/{uid}_gentle_reminder # server-only; rolling-hour transaction counter"),
                what: "server-only"),
        ]
    }()
}
