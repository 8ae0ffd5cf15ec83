// The rewarde.* explore generators (specs/explore.md §Generators) reach both outcomes of every op
// against CloserSpec with the Reward-E profile served, as ExploreTests checks for the Closer ops.

import CloserHarness
import CloserWire
import RewardEConformance
import Testing

@Suite("explore generators: reward-e")
struct RewardEExploreTests {
    @Test func everyGeneratorReachesAcceptedAndRefusedInputs() {
        let reference = ExploreReference(
            port: InProcessPort(server: HarnessServer(profiles: [.closer, RewardEConformance.profile])))
        let generators = ExploreGenerator.all.filter { $0.op.hasPrefix("rewarde.") }
        #expect(generators.count == 6)
        var outcomes: [String: Set<Bool>] = [:]
        for i in 0..<(generators.count * 60) {
            let c = generators[i % generators.count].generate(
                index: i, random: ExploreRandom(seed: 1, index: i), reference: reference)
            outcomes[c.op, default: []].insert(reference.response(c.op, c.input)["ok"] == .bool(true))
        }
        for g in generators {
            #expect(outcomes[g.op] == [true, false], "\(g.op) reaches only \(outcomes[g.op] ?? [])")
        }
    }
}
