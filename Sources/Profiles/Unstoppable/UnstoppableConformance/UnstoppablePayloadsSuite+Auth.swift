// The auth-header cases of unstoppable_payloads (specs/profiles/unstoppable/auth.md): which header
// names the caller in which build, and the error of each bad header, both sides of every bound.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    static let auth = VectorFlag(
        "AuthHeader", .basic, .contract,
        "Authorization: Bearer <token68> wins; X-User-Id names the caller in a Debug build only (auth.md; D-UNST-20, D-UNST-21, D-UNST-22, D-UNST-23, D-UNST-24)."
    )
    static let devHeaderInRelease = VectorFlag(
        "DevHeaderInRelease", .wrongBinding, .contract,
        "A Release backend that takes X-User-Id lets any caller name any user (decided, D-UNST-02).")

    /// A sample Firebase ID token's shape (three base64url parts); not a real token.
    static let sampleToken = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1aWQtMSJ9.c2lnbmF0dXJl"

    static func authCases() throws(CloserError) -> [VectorCase] {
        let bearer = "Bearer " + sampleToken
        let longestID = String(repeating: "u", count: UnstoppableAuth.maxDevUserIDLength)
        return [
            try authCase("a signed-in request", [valid, auth], .release, [("Authorization", bearer)]),
            try authCase("the scheme's case is free", [auth], .release, [("authorization", "bEARER " + sampleToken)]),
            try authCase("several spaces after Bearer", [auth], .release, [("Authorization", "Bearer   abc")]),
            try authCase("token68 padding", [auth], .release, [("Authorization", "Bearer a-._~+/b==")]),
            try authCase(
                "Bearer wins over X-User-Id", [auth], .debug,
                [("X-User-Id", "dev-user-001"), ("Authorization", bearer)]),
            try authCase("the Debug default user", [valid, auth], .debug, [("X-User-Id", "dev-user-001")]),
            try authCase("a 128-character X-User-Id", [auth], .debug, [("x-user-id", longestID)]),
            try authCase(
                "a 129-character X-User-Id", [auth], .debug, [("X-User-Id", longestID + "u")],
                .unstoppableInvalidUserID),
            try authCase("an empty X-User-Id", [auth], .debug, [("X-User-Id", "")], .unstoppableInvalidUserID),
            try authCase(
                "X-User-Id with a space", [auth], .debug, [("X-User-Id", "dev user")], .unstoppableInvalidUserID),
            try authCase(
                "X-User-Id in a Release build", [auth, devHeaderInRelease], .release,
                [("X-User-Id", "dev-user-001")], .unstoppableUnauthenticated),
            try authCase("no credential (Debug)", [auth], .debug, [], .unstoppableUnauthenticated),
            try authCase(
                "no credential (Release)", [auth], .release, [("Accept", "application/json")],
                .unstoppableUnauthenticated),
            try authCase(
                "Bearer without a token", [auth], .release, [("Authorization", "Bearer ")],
                .unstoppableInvalidAuthorization),
            try authCase(
                "Bearer without a space", [auth], .release, [("Authorization", "Bearer" + sampleToken)],
                .unstoppableInvalidAuthorization),
            try authCase(
                "Basic is not accepted", [auth], .release, [("Authorization", "Basic dXNlcjpwdw==")],
                .unstoppableInvalidAuthorization),
            try authCase(
                "a token with a space inside", [auth], .release, [("Authorization", "Bearer abc def")],
                .unstoppableInvalidAuthorization),
            try authCase(
                "a trailing space", [auth], .release, [("Authorization", "Bearer abc ")],
                .unstoppableInvalidAuthorization),
            try authCase(
                "padding before the token's end", [auth], .release, [("Authorization", "Bearer ab=c")],
                .unstoppableInvalidAuthorization),
            try authCase(
                "a bad Authorization is not excused by X-User-Id", [auth], .debug,
                [("Authorization", "Token abc"), ("X-User-Id", "dev-user-001")], .unstoppableInvalidAuthorization),
            try authCase(
                "Authorization twice, in two cases", [auth], .release,
                [("Authorization", bearer), ("authorization", bearer)], .unstoppableDuplicateHeader),
            try authCase(
                "a duplicate is refused before Authorization is read", [auth], .debug,
                [("Authorization", "Basic x"), ("X-User-Id", "a"), ("x-user-id", "b")], .unstoppableDuplicateHeader),
        ]
    }

    /// An auth test, its outcome computed by CloserSpec (and pinned by the expectation given).
    static func authCase(
        _ comment: String, _ flags: [VectorFlag], _ build: UnstoppableBuild, _ headers: [(String, String)],
        _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let input: [(String, JSONValue)] = [
            ("build", .string(build.rawValue)),
            ("headers", .array(headers.map { .array([.string($0.0), .string($0.1)]) })),
        ]
        let op = HarnessOpSpec.unstoppableAuth.name
        let outcome: Result<UnstoppableCredential, CloserError>
        do {
            outcome = .success(try UnstoppableAuth.credential(headers: headers.map { ($0.0, $0.1) }, build: build))
        } catch { outcome = .failure(error) }
        switch (outcome, expected) {
        case (.success(.bearer), nil):
            return .valid(
                comment, flags: flags, op: op, input: input, output: [("scheme", .string("bearer")), ("userId", .null)])
        case (.success(.devUser(let id)), nil):
            return .valid(
                comment, flags: flags, op: op, input: input,
                output: [("scheme", .string("devUser")), ("userId", .string(id))])
        case (.failure(let error), let code?) where error.code == code:
            return .invalid(
                comment, flags: flags, op: op, input: input, error: error.code, layer: .contract,
                intermediates: [("reason", .string(error.reason))])
        case (.success, _), (.failure, _):
            throw CloserError(
                .harnessMalformedRequest, "unstoppable_payloads: \(comment): outcome differs from the case")
        }
    }
}
