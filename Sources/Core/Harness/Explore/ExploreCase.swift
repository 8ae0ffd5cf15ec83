// One generated input and the op table of generators. A generator builds a request for its op
// from the case's random stream, valid by construction, then (most of the time) mutates one
// layer. It may call CloserSpec in process to make the valid value it mutates (an `enc:v1:`
// string to corrupt, a keyset). Normative: specs/explore.md §"Generators".

import CloserWire

/// One explore input.
package struct ExploreCase: Sendable {
    /// Position in the run's case stream (the seed and this index fix the input).
    package let index: Int
    package let op: String
    /// The request members (no `id`, no `op`).
    package var input: [String: JSONValue]
    /// What the generator did: `valid`, or the layer and the mutation (`encoding: trailing bits`).
    package let mutation: String
}

/// What a generator returns: the request members and the mutation it applied.
package struct GeneratedInput {
    package var input: [String: JSONValue]
    package var mutation: String

    package init(_ input: [String: JSONValue], _ mutation: String = "valid") {
        self.input = input
        self.mutation = mutation
    }
}

/// CloserSpec in process, as the generators use it to build valid values.
package struct ExploreReference {
    let port: InProcessPort

    package init(port: InProcessPort = InProcessPort()) { self.port = port }

    /// The response of `op` to `input` (never a port failure: the server answers every request),
    /// without the members the pages make informative (ExploreInformative). The request value goes
    /// to the server as it is, without the line's encode and decode, when that round trip cannot
    /// change it (specs/explore.md §"Performance": every number finite, the nesting within the
    /// parser's depth); otherwise, and in `responseThroughLine`, through the line.
    package func response(_ op: String, _ input: [String: JSONValue]) -> JSONValue {
        var request = input
        request["op"] = .string(op)
        request["id"] = .string("explore")
        guard Self.survivesLine(.object(request), depth: 0) else {
            return Self.comparable(op, (try? port.send(request)) ?? .null)
        }
        return Self.comparable(
            op, port.server.response(to: HarnessRequest(id: .string("explore"), op: op, fields: request)))
    }

    /// `response` always through one encode and one decode of the request line (the plain path,
    /// which tests compare the direct one with).
    package func responseThroughLine(_ op: String, _ input: [String: JSONValue]) -> JSONValue {
        var request = input
        request["op"] = .string(op)
        request["id"] = .string("explore")
        return Self.comparable(op, (try? port.send(request)) ?? .null)
    }

    /// Whether canonical encoding then strict parsing gives `value` back unchanged: it does for any
    /// value with finite numbers nested at most `JSONValue.maximumDepth` deep (strings keep their
    /// scalars; an integral double's shortest literal is integral, so integer fields read alike).
    static func survivesLine(_ value: JSONValue, depth: Int) -> Bool {
        switch value {
        case .null, .bool, .string: return true
        case .number(let d): return d.isFinite
        case .array(let a): return depth < JSONValue.maximumDepth && a.allSatisfy { survivesLine($0, depth: depth + 1) }
        case .object(let o):
            return depth < JSONValue.maximumDepth && o.values.allSatisfy { survivesLine($0, depth: depth + 1) }
        }
    }

    /// The member `name` of a successful response, else nil.
    package func output(_ op: String, _ input: [String: JSONValue], _ name: String) -> JSONValue? {
        let r = response(op, input)
        return r["ok"] == .bool(true) ? r[name] : nil
    }

    /// `response` for the op `spec` declares.
    package func response(_ spec: HarnessOpSpec, _ input: [String: JSONValue]) -> JSONValue {
        response(spec.name, input)
    }

    /// `output` for the op `spec` declares.
    package func output(_ spec: HarnessOpSpec, _ input: [String: JSONValue], _ name: String) -> JSONValue? {
        output(spec.name, input, name)
    }
}

/// A generator: the op it feeds and how it builds one input.
package struct ExploreGenerator: Sendable {
    package let op: String
    /// Byte-exact ops are compared byte for byte on every valid output (and are the fast set).
    package let byteExact: Bool
    let make: @Sendable (ExploreRandom, ExploreReference) -> GeneratedInput

    package init(
        _ op: String, byteExact: Bool = true,
        _ make: @escaping @Sendable (ExploreRandom, ExploreReference) -> GeneratedInput
    ) {
        self.op = op
        self.byteExact = byteExact
        self.make = make
    }

    /// A generator for the op `spec` declares (its op table row: the op's one spelling).
    package init(
        _ spec: HarnessOpSpec, byteExact: Bool = true,
        _ make: @escaping @Sendable (ExploreRandom, ExploreReference) -> GeneratedInput
    ) {
        self.init(spec.name, byteExact: byteExact, make)
    }

    /// Case `index` of a run: the op is chosen by the caller, the input from the case's stream.
    package func generate(index: Int, random: ExploreRandom, reference: ExploreReference) -> ExploreCase {
        let g = make(random, reference)
        return ExploreCase(index: index, op: op, input: g.input, mutation: g.mutation)
    }
}
