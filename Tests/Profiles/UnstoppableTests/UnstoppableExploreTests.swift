// The unstoppable.* explore generators (specs/explore.md §Generators) reach both outcomes of every op
// against CloserSpec with the Unstoppable profile served, as ExploreTests checks for the Closer ops.

import CloserHarness
import CoreWire
import Testing
import UnstoppableConformance

@Suite("explore generators: unstoppable")
struct UnstoppableExploreTests {
    @Test func everyGeneratorReachesAcceptedAndRefusedInputs() {
        let (generators, outcomes) = ExploreGenerator.outcomes(
            profile: UnstoppableConformance.profile, prefix: "unstoppable.")
        #expect(generators.count == 2)
        for g in generators {
            #expect(outcomes[g.op] == [true, false], "\(g.op) reaches only \(outcomes[g.op] ?? [])")
        }
    }
}
