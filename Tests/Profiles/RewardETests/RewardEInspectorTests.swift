// `closer-spec inspect --profile reward-e` on a document that fits no kind: the error reported is
// the closest kind's (specs/profiles/reward-e/contracts.md).

import CoreWire
import RewardEConformance
import Testing

@Suite("inspect --profile reward-e")
struct RewardEInspectorTests {
    @Test("a child without avatar reports the child's missing_field, not the last kind's unknown_field")
    func closestKind() {
        let failure = RewardEConformance.profile.inspect!(#"{"id":"c1","name":"Ada","currentBalance":12}"#).failure
        #expect(failure?.code == .rewardEMissingField)
        #expect(failure?.reason.contains("child") == true)
    }
}
