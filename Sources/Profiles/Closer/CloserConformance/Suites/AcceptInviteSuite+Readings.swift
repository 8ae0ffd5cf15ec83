// The accept_invite tests of the manual's reading of the accept-time material check: the
// manual's three-member `== null` check lets an invite without `recoveryPhrase`, or with an empty
// `kdfSalt`, through (D-CF-64). Normative: specs/manual-conflicts.md §"Accept-time material
// check", specs/vectors.md §"Test" (`reading`).

import CloserHarness
import CloserVectorModel
import CloserWire

extension AcceptInviteSuite {
    static let manualReading = VectorFlag(
        "ManualReading", .manualConflict, .contract,
        "The manual's reading of a ManualConflict (`reading` names it; D-CF-64): run only with --reading D-CF-64=manual."
    )

    /// tcIds of the pinned tests (group AcceptInviteRefused) these replace under the manual reading.
    static let pinnedNoRecoveryPhrase = 27
    static let pinnedEmptyKdfSalt = 28

    /// Accepted under the manual's literal check; `expected` names the outcome, the attempt record
    /// and the linked users only (what an accept writes beyond that is the pinned reading's).
    static func manualAccept(_ comment: String, _ s: State, replaces: Int) -> VectorCase {
        VectorCase.valid(
            comment, flags: [manualReading], op: HarnessOpSpec.acceptInviteEvaluate.name, input: s.input,
            output: [
                ("outcome", .string("accepted")), ("attempt", standardAttempt),
                ("linkUsers", .array([.string("alice"), .string("bob")])),
            ]
        )
        .citing(VectorPin("D-CF-64", .accept)).reading("D-CF-64", .manual, replaces: [replaces])
    }

    static func manualReadings() -> [VectorCase] {
        let base = State()
        return [
            manualAccept(
                "No recoveryPhrase: the manual's three-member null check accepts",
                base.inviteWith("recoveryPhrase", nil),
                replaces: pinnedNoRecoveryPhrase),
            manualAccept(
                "An empty kdfSalt: not null, so the manual's check accepts", base.inviteWith("kdfSalt", .string("")),
                replaces: pinnedEmptyKdfSalt),
        ]
    }
}
