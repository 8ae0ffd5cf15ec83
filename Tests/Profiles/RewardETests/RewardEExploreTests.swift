// The rewarde.* explore generators (specs/explore.md §Generators) reach both outcomes of every op
// against CloserSpec with the Reward-E profile served, as ExploreTests checks for the Closer ops.

import CloserHarness
import CoreWire
import RewardEConformance
import Testing

@Suite("explore generators: reward-e")
struct RewardEExploreTests {
    @Test func everyGeneratorReachesAcceptedAndRefusedInputs() {
        let (generators, outcomes) = ExploreGenerator.outcomes(profile: RewardEConformance.profile, prefix: "rewarde.")
        #expect(generators.count == 6)
        for g in generators {
            #expect(outcomes[g.op] == [true, false], "\(g.op) reaches only \(outcomes[g.op] ?? [])")
        }
    }
}
