// A plain case of the contract suites (callables, date_keys, push_routing), ready to be
// written in the vector format of specs/vectors.md: one harness request and what it must answer.

import CloserWire

/// One case: `op` + `input` are exactly a harness request (without `id`); `expected` is the
/// response members that must match (`{"error": {"code", "detail"}}` for an `invalid` case).
public struct ContractCase: Sendable {
    public let comment: String
    public let flags: [String]
    /// `valid`, `invalid` or `acceptable` (specs/vectors.md §Test).
    public let result: String
    public let op: String
    public let input: [String: JSONValue]
    public let expected: [String: JSONValue]
    /// Values between input and output a port may need (hex unless named otherwise).
    public let intermediates: [String: JSONValue]

    public init(
        _ comment: String, flags: [String] = [], result: String = "valid", op: String, input: [String: JSONValue],
        expected: [String: JSONValue], intermediates: [String: JSONValue] = [:]
    ) {
        self.comment = comment
        self.flags = flags
        self.result = result
        self.op = op
        self.input = input
        self.expected = expected
        self.intermediates = intermediates
    }

    /// The expected member of an op failure.
    static func error(_ code: CloserError.Code) -> [String: JSONValue] {
        ["error": .object(["code": .string(code.category.rawValue), "detail": .string(code.rawValue)])]
    }
}

/// A flag of a contract suite and its note (specs/vectors.md §File `notes`).
public struct ContractFlag: Sendable {
    public let name: String
    public let bugType: String
    public let description: String
}
