// The profile-completion cases of unstoppable_payloads (specs/profiles/unstoppable/profile-completion.md):
// each onboarding step's member, both terms, the rounding, and a stored profile that is not one.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    static let completion = VectorFlag(
        "ProfileCompletion", .basic, .contract,
        "isProfileComplete is every onboarding step done; profileCompletion the percent of six, rounded down (D-UNST-25, D-UNST-26, D-UNST-27)."
    )

    static func completionCases() throws(CloserError) -> [VectorCase] {
        let terms = #""termsAccepted":true,"termsOver16Accepted":true"#
        let allButPayment =
            #"{"nickname":"Ana","ageGroup":"18-24","gender":"other","notificationsEnabled":false,\#(terms)}"#
        return [
            try completionCase("a new user", [valid, completion], "{}"),
            try completionCase("the nickname step (1 of 6 is 16)", [completion], #"{"nickname":"Ana"}"#),
            try completionCase(
                "three steps (50)", [completion], #"{"nickname":"Ana","ageGroup":"18-24","gender":"other"}"#),
            try completionCase(
                "notifications refused is a step done", [completion], #"{"notificationsEnabled":false}"#),
            try completionCase("terms need both consents", [completion], #"{"termsAccepted":true}"#),
            try completionCase(
                "terms with over-16 refused are not done", [completion],
                #"{"termsAccepted":true,"termsOver16Accepted":false}"#),
            try completionCase("both terms are one step", [completion], "{\(terms)}"),
            try completionCase(
                "marketing consent is no step", [completion], #"{"termsMarketingAccepted":true}"#),
            try completionCase("five steps, no paywall choice (83)", [completion], allButPayment),
            try completionCase(
                "every step, the paywall skipped", [valid, completion],
                String(allButPayment.dropLast()) + #","paymentOption":"skip"}"#),
            try completionCase(
                "every step, a purchase chosen", [completion],
                String(allButPayment.dropLast()) + #","paymentOption":"annual","termsMarketingAccepted":false}"#),
            try completionCase("a stored profile is an object", [shape], "[]", .unstoppableNotAnObject),
            try completionCase(
                "a stored member the profile does not have", [shape], #"{"email":"a@b.c"}"#, .unstoppableUnknownField),
            try completionCase(
                "an empty nickname is not a step", [shape], #"{"nickname":""}"#, .unstoppableOutOfRange),
            try completionCase(
                "a null member is not a step", [wrongType], #"{"gender":null}"#, .unstoppableWrongType),
        ]
    }

    /// A completion test, its outcome computed by CloserSpec (and pinned by the expectation given).
    static func completionCase(
        _ comment: String, _ flags: [VectorFlag], _ profile: String, _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let value = try json(profile)
        let op = HarnessOpSpec.unstoppableProfileCompletion.name
        let outcome: Result<UnstoppableProfileCompletion, CloserError>
        do { outcome = .success(try UnstoppableProfileCompletion(profile: value)) } catch { outcome = .failure(error) }
        switch (outcome, expected) {
        case (.success(let c), nil):
            return .valid(
                comment, flags: flags, op: op, input: [("profile", value)],
                output: [
                    ("isProfileComplete", .bool(c.isComplete)), ("profileCompletion", .number(Double(c.percent))),
                ])
        case (.failure(let error), let code?) where error.code == code:
            return .invalid(
                comment, flags: flags, op: op, input: [("profile", value)], error: error.code, layer: .contract,
                intermediates: [("reason", .string(error.reason))])
        case (.success, _), (.failure, _):
            throw CloserError(
                .harnessMalformedRequest, "unstoppable_payloads: \(comment): outcome differs from the case")
        }
    }
}
