// One test of a wire suite before it is numbered: a harness request, what it must answer,
// and every intermediate a port needs to find its broken layer. Normative: specs/vectors.md §"Test".

import CoreWire

/// `valid`, `invalid` or `acceptable` (specs/vectors.md §"Test").
package enum VectorResult: String, Sendable {
    case valid, invalid, acceptable
}

/// One op call: the request without `id`, and what the response must carry.
package struct VectorStep: Sendable {
    package let op: String
    /// Request members in the order they are written.
    package let input: [(String, JSONValue)]
    package let expected: VectorExpectation

    package init(op: String, input: [(String, JSONValue)], expected: VectorExpectation) {
        self.op = op
        self.input = input
        self.expected = expected
    }
}

/// What a response must carry.
package enum VectorExpectation: Sendable {
    /// Success with these members, byte for byte.
    case output([(String, JSONValue)])
    /// Failure with this code's category (and, recommended, its detail), refused at `layer`.
    case error(CloserError.Code, layer: VectorLayer)
}

/// A test before numbering.
package struct VectorCase: Sendable {
    package let comment: String
    package let flags: [VectorFlag]
    package let result: VectorResult
    /// One op, or several (flows), run in order.
    package let steps: [VectorStep]
    package let intermediates: [(String, JSONValue)]
    /// The decision ids the test exercises and on which side (`pins`; empty: none written).
    package var pins: [VectorPin] = []
    /// The ManualConflict reading the test belongs to (`reading`; nil: every reading).
    package var reading: VectorReading? = nil

    package init(
        _ comment: String, flags: [VectorFlag] = [], result: VectorResult, steps: [VectorStep],
        intermediates: [(String, JSONValue)] = []
    ) {
        self.comment = comment
        self.flags = flags
        self.result = result
        self.steps = steps
        self.intermediates = intermediates
    }

    /// A valid single-op test.
    package static func valid(
        _ comment: String, flags: [VectorFlag] = [], op: String, input: [(String, JSONValue)],
        output: [(String, JSONValue)], intermediates: [(String, JSONValue)] = []
    ) -> VectorCase {
        VectorCase(
            comment, flags: flags, result: .valid, steps: [VectorStep(op: op, input: input, expected: .output(output))],
            intermediates: intermediates)
    }

    /// An invalid single-op test: the op must fail with `code`'s category at `layer`.
    package static func invalid(
        _ comment: String, flags: [VectorFlag], op: String, input: [(String, JSONValue)], error: CloserError.Code,
        layer: VectorLayer, intermediates: [(String, JSONValue)] = []
    ) -> VectorCase {
        VectorCase(
            comment, flags: flags, result: .invalid,
            steps: [VectorStep(op: op, input: input, expected: .error(error, layer: layer))],
            intermediates: intermediates)
    }

    /// An acceptable single-op test: either outcome conforms; `expected` says what CloserSpec does.
    package static func acceptable(
        _ comment: String, flags: [VectorFlag], op: String, input: [(String, JSONValue)],
        expected: VectorExpectation, intermediates: [(String, JSONValue)] = []
    ) -> VectorCase {
        VectorCase(
            comment, flags: flags, result: .acceptable, steps: [VectorStep(op: op, input: input, expected: expected)],
            intermediates: intermediates)
    }

    /// A flow: several steps, all of which must pass (specs/vectors.md §"Test" `steps`).
    package static func flow(
        _ comment: String, flags: [VectorFlag] = [], steps: [VectorStep], intermediates: [(String, JSONValue)] = []
    ) -> VectorCase {
        VectorCase(comment, flags: flags, result: .valid, steps: steps, intermediates: intermediates)
    }
}

/// A group of tests of one kind (Wycheproof `testGroups`).
package struct VectorGroup: Sendable {
    package let type: String
    package let comment: String
    package let cases: [VectorCase]

    package init(_ type: String, comment: String, cases: [VectorCase]) {
        self.type = type
        self.comment = comment
        self.cases = cases
    }
}
