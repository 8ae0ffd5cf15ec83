// The payback.* explore generators (specs/explore.md §Generators) reach both outcomes of every op
// against CloserSpec with the PayBack profile served, as ExploreTests checks for the Closer ops.

import CloserHarness
import CoreWire
import PayBackConformance
import Testing

@Suite("explore generators: payback")
struct PayBackExploreTests {
    @Test func everyGeneratorReachesAcceptedAndRefusedInputs() {
        let (generators, outcomes) = ExploreGenerator.outcomes(profile: PayBackConformance.profile, prefix: "payback.")
        #expect(generators.count == 10)
        for g in generators where g.op != "payback.normalizeEmail" {
            #expect(outcomes[g.op] == [true, false], "\(g.op) reaches only \(outcomes[g.op] ?? [])")
        }
    }
}
