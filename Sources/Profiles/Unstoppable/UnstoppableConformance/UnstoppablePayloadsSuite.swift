// The unstoppable_payloads suite: the /v1 bodies the client sends and decodes, valid and
// invalid, and the two values the client writes (routineTime, a progress's date). Normative:
// specs/profiles/unstoppable/payloads.md; every body is also checked against openapi.yaml
// (oracles/python/test_unstoppable_openapi.py).

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

enum UnstoppablePayloadsSuite {
    static let name = "unstoppable_payloads"

    static let valid = VectorFlag("Valid", .basic, .contract, "A body or value both sides accept, as written.")
    static let partial = VectorFlag(
        "PartialUpdate", .basic, .contract,
        "POST /v1/user/profile sets only the members present; an empty update or a null member is refused.")
    static let routineTime = VectorFlag(
        "RoutineTime", .encoding, .contract,
        "routineTime is HH:mm exactly: 7:05, 24:00, 07:60, seconds and other separators are refused.")
    static let date = VectorFlag(
        "Date", .encoding, .contract, "date is yyyy-MM-dd of a real Gregorian date: 2026-3-1, 2026-02-30 are refused.")
    static let enumValue = VectorFlag(
        "UnknownEnumValue", .edgeCase, .contract, "An enum member outside its list (case matters).")
    static let wrongType = VectorFlag(
        "WrongType", .edgeCase, .contract, "A member of another JSON type: \"true\" for true, 1.5 for an integer, null."
    )
    static let shape = VectorFlag(
        "Shape", .edgeCase, .contract,
        "A body that is not an object, lacks a required member, has a member the endpoint does not know, or is out of range."
    )
    static let localDay = VectorFlag(
        "LocalDay", .wrongBinding, .contract,
        "A progress's date is the device's local day at the moment (decided): a port using UTC differs near midnight.")

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "unstoppable-v1-payloads",
            header: [
                "Unstoppable /v1 REST bodies (specs/profiles/unstoppable/payloads.md, openapi.yaml): unstoppable.validate",
                "checks one request or response body of one endpoint; unstoppable.routineTime and unstoppable.dayKey",
                "write the two formatted values the client sends (HH:mm; the local yyyy-MM-dd at a UTC offset).",
                "unstoppable.auth reads the caller from the headers in a debug or release build (auth.md).",
                "unstoppable.profileCompletion computes bootstrap's isProfileComplete and profileCompletion (profile-completion.md).",
                "unstoppable.userRecords maps sign-ins to user records, one per verified email (user-records.md).",
            ],
            groups: [
                VectorGroup("UnstoppableRequest", comment: "request bodies", cases: try requestCases()),
                VectorGroup("UnstoppableResponse", comment: "response bodies", cases: try responseCases()),
                VectorGroup("UnstoppableRoutineTime", comment: "the client writes HH:mm", cases: try routineTimes()),
                VectorGroup("UnstoppableDayKey", comment: "the client's local day", cases: try dayKeys()),
                VectorGroup("UnstoppableAuth", comment: "which header names the caller", cases: try authCases()),
                VectorGroup(
                    "UnstoppableProfileCompletion", comment: "bootstrap's completion of a stored profile",
                    cases: try completionCases()),
                VectorGroup(
                    "UnstoppableUserRecords", comment: "one user record per verified email",
                    cases: try userRecordCases()),
                VectorGroup(
                    "UnstoppableTaskCount", comment: "a routine snapshot of exactly 100 tasks",
                    cases: try taskCountBoundCases()),
            ])
    }

    static func json(_ text: String) throws(CloserError) -> JSONValue { try JSONValue(parsing: text) }

    /// A validate test, its outcome computed by CloserSpec (and pinned by the expectation given).
    static func validate(
        _ comment: String, _ flags: [VectorFlag], _ endpoint: String, _ message: UnstoppableMessage,
        _ body: String, _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let value = try json(body)
        let input: [(String, JSONValue)] = [
            ("endpoint", .string(endpoint)), ("message", .string(message.rawValue)), ("body", value),
        ]
        let outcome: Result<[String], CloserError>
        do { outcome = .success(try UnstoppableEndpoints.validate(endpoint, message, body: value)) } catch {
            outcome = .failure(error)
        }
        switch (outcome, expected) {
        case (.success(let fields), nil):
            return .valid(
                comment, flags: flags, op: HarnessOpSpec.unstoppableValidate.name, input: input,
                output: [("fields", .array(fields.map(JSONValue.string)))])
        case (.failure(let error), let code?) where error.code == code:
            return .invalid(
                comment, flags: flags, op: HarnessOpSpec.unstoppableValidate.name, input: input, error: error.code,
                layer: .contract, intermediates: [("reason", .string(error.reason))])
        case (.success, _), (.failure, _):
            // The suite's own expectation disagrees with the code: a generation error, never a vector.
            throw CloserError(
                .harnessMalformedRequest, "unstoppable_payloads: \(comment): outcome differs from the case")
        }
    }
}
