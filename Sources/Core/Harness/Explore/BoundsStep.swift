// The generic bounds step: for an op that an entry of specs/decisions/bounds.json names, one case
// in four sets the entry's member to one of its boundary values (the bound, one before, one past;
// a listed spelling or order), so a pin with an entry is explored without a generator written for
// it. Normative: specs/explore.md §"Bounds from the registry", specs/decisions/README.md §"Bounds".

import CloserWire

extension ExploreGenerator {
    /// How often (percent) the step replaces the member, for an op with entries.
    static let boundsPercent = 25

    /// This generator with the bounds step for `bounds`' entries on its op; itself when there are
    /// none, so the cases of every other op are drawn exactly as without the step.
    package func drawingBounds(_ bounds: DecisionBounds) -> ExploreGenerator {
        let entries = bounds.entries(for: op)
        guard !entries.isEmpty else { return self }
        let base = make
        return ExploreGenerator(op, byteExact: byteExact) { random, reference in
            var g = base(random, reference)
            guard random.chance(Self.boundsPercent) else { return g }
            let entry = random.pick(entries)
            let point = random.pick(entry.boundaryValues)
            guard let input = Self.setting(g.input, at: entry.member, to: point.value) else { return g }
            g.input = input
            g.mutation = "bound \(entry.id) \(entry.member.joined(separator: ".")): \(point.label)"
            return g
        }
    }

    /// `input` with the member at `path` set to `value`; nil when an object on the way is absent
    /// (the generator made an input of another shape, e.g. another document kind).
    static func setting(_ input: [String: JSONValue], at path: [String], to value: JSONValue) -> [String: JSONValue]? {
        guard let first = path.first else { return nil }
        var out = input
        if path.count == 1 {
            out[first] = value
            return out
        }
        guard case .object(let inner)? = input[first],
            let set = setting(inner, at: Array(path.dropFirst()), to: value)
        else { return nil }
        out[first] = .object(set)
        return out
    }
}
