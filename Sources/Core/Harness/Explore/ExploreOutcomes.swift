// Which outcomes a profile's generators reach against CloserSpec in process: the check that
// every generator yields both accepted and refused inputs (specs/explore.md §Generators), shared
// by the profiles' explore tests.

extension ExploreGenerator {
    /// The generators whose op starts with `prefix`, and for each op whether `rounds` cases per
    /// generator (seed 1) reached an accepted (`true`) and a refused (`false`) answer from
    /// CloserSpec serving Closer and `profile`.
    package static func outcomes(
        profile: AppProfile, prefix: String, rounds: Int = 60
    ) -> (generators: [ExploreGenerator], outcomes: [String: Set<Bool>]) {
        let reference = ExploreReference(
            port: InProcessPort(server: HarnessServer(profiles: [.closer, profile])))
        let generators = profile.exploreGenerators.filter { $0.op.hasPrefix(prefix) }
        var outcomes: [String: Set<Bool>] = [:]
        for i in 0..<(generators.count * rounds) {
            let c = generators[i % generators.count].generate(
                index: i, random: ExploreRandom(seed: 1, index: i), reference: reference)
            outcomes[c.op, default: []].insert(reference.response(c.op, c.input)["ok"] == .bool(true))
        }
        return (generators, outcomes)
    }
}
