// A profile's explore generators and where they sit in a run's case order: case i of a run is op
// i mod k of the k explored ops in specs/explore.md's order (§"Run" 3), and that order is the
// groups of every registered profile sorted by position, each group's generators as it lists
// them. A new profile's group takes the next free position, so every existing op keeps its place
// and a fixed seed draws the same cases for the ops it explored before. Normative:
// specs/explore.md §"Generators".

/// One run of consecutive generators in the explore order.
package struct ExploreGeneratorGroup: Sendable {
    /// The group's place among every profile's groups (unique across the registered profiles).
    package let position: Int
    package let generators: [ExploreGenerator]

    package init(position: Int, _ generators: [ExploreGenerator]) {
        self.position = position
        self.generators = generators
    }
}

extension Sequence<AppProfile> {
    /// Every generator of the profiles, in the explore order (groups by position, stable).
    package var exploreGenerators: [ExploreGenerator] {
        flatMap(\.exploreGroups).enumerated().sorted { a, b in
            (a.element.position, a.offset) < (b.element.position, b.offset)
        }.flatMap(\.element.generators)
    }

    /// The generators for `ops` (the ops a run explores: those every port lists, or --op).
    package func exploreGenerators(covering ops: Set<String>) -> [ExploreGenerator] {
        exploreGenerators.filter { ops.contains($0.op) }
    }

    /// Every generator with the bounds step for `bounds` (ExploreEngine's source).
    package func exploreGenerators(bounds: DecisionBounds) -> [ExploreGenerator] {
        exploreGenerators.map { $0.drawingBounds(bounds) }
    }
}
