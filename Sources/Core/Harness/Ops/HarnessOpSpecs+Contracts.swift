// The declarations of the rules and app-contract ops. Rows of specs/harness.md §"Ops"; fields in
// the handler's read order (HarnessOps+Rules.swift, HarnessOps+Callables.swift).

import CloserVectorModel

extension HarnessOpSpec {
    package static let rulesEvaluate = Self(
        "rules.evaluate", family: "rules",
        fields: [
            .required("auth", "{\"uid\"} or null"), .required("method"), .required("path"), .optional("data"),
            .optional("existing"), .optional("world"), .optional("query", "list only: rules.md §Requests"),
            .optional(
                "profile",
                "`closer` default, or an app profile's name (specs/profiles/); another name is `harness.malformed_request`, checked after the request fields"
            ),
        ],
        output: [
            .required("allow"), .required("violations", "invariant ids"),
            .required("findings", "rules.md §Wire findings"),
        ], layer: .rules)
    package static let callableValidate = Self(
        "callable.validate", family: "contracts",
        fields: [
            .required(
                "callable",
                "`createInviteCallable` | `acceptInviteCallable` | `leaveCoupleCallable` | one of the seven of callables.md §The other callables"
            ),
            .required("payload", "JSON value"),
            .optional(
                "invite", "JSON value: the stored `invites/{code}` document, acceptInviteCallable only"),
        ],
        output: [
            .required("valid", "bool"), .optional("findings", "when valid: `[{field, code, reason}]`"),
            .optional("detail", "when not valid: a `callable.*` code"), .optional("reason"),
            .optional(
                "httpsError",
                "`{code, message}`: the server's `HttpsError`. A refused payload is an answer (`ok: true`), as `rules.evaluate`'s `allow: false` is (callables.md)"
            ),
        ], layer: .contract)
    package static let dateKeyCompute = Self(
        "datekey.compute", family: "contracts",
        fields: [
            .required("instant", "RFC 3339 string"),
            .required("kind", "`dailyQuestion` | `assignmentKey` | `reminderDay`"),
        ],
        output: [.required("key", "`YYYY-MM-DD`, date-keys.md")], layer: .contract)
    package static let pushRoute = Self(
        "push.route", family: "contracts",
        fields: [
            .required("data", "JSON object: the FCM data payload"), .optional("coupleId", "the app's current couple"),
        ], output: [.required("type", "notification type"), .required("route", "`{name, args}`, push-routing.md")],
        layer: .contract)
}
