// `isProfileComplete` and `profileCompletion` of `GET /v1/bootstrap`, computed from the stored
// profile. Normative: specs/profiles/unstoppable/profile-completion.md (the six onboarding steps,
// the rounding, D-UNST-25…27).

import CoreWire

public struct UnstoppableProfileCompletion: Equatable, Sendable {
    /// Onboarding steps done, 0…6.
    public let stepsDone: Int

    /// The onboarding steps that write the profile, in the app's order (profile-completion.md).
    public static let stepCount = 6

    /// The completion of a stored profile (bootstrap's `profile`: `ProfileUpdate`'s members, all
    /// optional); a profile that is not one is refused with that body's errors.
    public init(profile: JSONValue) throws(CloserError) {
        guard case .object = profile else {
            throw CloserError(.unstoppableNotAnObject, "a stored profile is a JSON object")
        }
        try UnstoppableEndpoints.storedProfile.check(profile, at: "profile")
        func present(_ name: String) -> Bool { profile[name] != nil }
        func isTrue(_ name: String) -> Bool { profile[name] == .bool(true) }
        let steps = [
            present("nickname"), present("ageGroup"), present("gender"), present("notificationsEnabled"),
            isTrue("termsAccepted") && isTrue("termsOver16Accepted"), present("paymentOption"),
        ]
        stepsDone = steps.filter { $0 }.count
    }

    /// Percent of steps done, rounded down (1 of 6 is 16): 100 only when every step is done.
    public var percent: Int { stepsDone * 100 / Self.stepCount }

    /// Every step done: the app routes past onboarding to HomeView.
    public var isComplete: Bool { stepsDone == Self.stepCount }
}
