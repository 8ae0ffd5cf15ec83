// The fitlink.* explore generators (specs/explore.md §Generators) reach both outcomes of every op
// against CloserSpec with the FitLink profile served, as ExploreTests checks for the Closer ops.

import CloserHarness
import CloserWire
import FitLinkConformance
import Testing

@Suite("explore generators: fitlink")
struct FitLinkExploreTests {
    @Test func everyGeneratorReachesAcceptedAndRefusedInputs() {
        let reference = ExploreReference(
            port: InProcessPort(server: HarnessServer(profiles: [.closer, FitLinkConformance.profile])))
        let generators = ExploreGenerator.all.filter { $0.op.hasPrefix("fitlink.") }
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
