// The fitlink.* explore generators (specs/explore.md §Generators) reach both outcomes of every op
// against CloserSpec with the FitLink profile served, as ExploreTests checks for the Closer ops.

import CloserHarness
import CoreWire
import FitLinkConformance
import Testing

@Suite("explore generators: fitlink")
struct FitLinkExploreTests {
    @Test func everyGeneratorReachesAcceptedAndRefusedInputs() {
        let (generators, outcomes) = ExploreGenerator.outcomes(profile: FitLinkConformance.profile, prefix: "fitlink.")
        #expect(generators.count == 6)
        for g in generators {
            #expect(outcomes[g.op] == [true, false], "\(g.op) reaches only \(outcomes[g.op] ?? [])")
        }
    }
}
