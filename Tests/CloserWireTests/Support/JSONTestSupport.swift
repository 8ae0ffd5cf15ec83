@testable import CoreWire
import Testing

@testable import CloserWire

/// Bytes of a string literal, for readable test inputs.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The error a parse of `input` throws, or nil (after recording an issue) if it parsed.
func parseError(
    _ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) -> CloserError? {
    do {
        _ = try JSONValue(parsing: input)
        Issue.record("input was accepted", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Canonical text of `input` as a String (the test fails if it does not canonicalize).
func canonicalText(_ input: String) throws -> String {
    String(decoding: try CanonicalJSON.canonicalize(utf8(input)), as: UTF8.self)
}

/// One input the parser must reject, and the exact code it must reject it with.
struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt8]
    let code: CloserError.Code

    init(_ name: String, _ input: [UInt8], _ code: CloserError.Code) {
        self.name = name
        self.input = input
        self.code = code
    }

    init(_ name: String, _ input: String, _ code: CloserError.Code) {
        self.init(name, Array(input.utf8), code)
    }

    var testDescription: String { name }
}
