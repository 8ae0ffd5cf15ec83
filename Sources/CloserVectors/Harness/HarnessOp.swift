// The op table of harness protocol v1. Normative: specs/harness.md §"Ops".
// Each area declares its ops in its own file (`HarnessOps+Wire.swift`, ...) as a static
// array; `HarnessOps.all` lists the arrays.

import CloserWire

/// One op: its name and a handler that returns the response fields.
public struct HarnessOp: Sendable {
    public let name: String
    public let handler: @Sendable (HarnessRequest) throws(CloserError) -> [String: JSONValue]

    public init(
        _ name: String, _ handler: @escaping @Sendable (HarnessRequest) throws(CloserError) -> [String: JSONValue]
    ) {
        self.name = name
        self.handler = handler
    }
}

/// Namespace for the op tables.
public enum HarnessOps {
    /// Every op this implementation serves, in the order `info` lists them.
    public static var all: [HarnessOp] { [info] + wire + rules + coupleKey + contracts }

    static let info = HarnessOp("info") { _ throws(CloserError) in
        [
            "implementation": .string(CloserSpecVersion.implementation),
            "version": .string(CloserSpecVersion.version),
            "protocol": .number(1),
            "ops": .array(HarnessOps.all.map { .string($0.name) }),
        ]
    }
}

/// Identity of this implementation in `info`.
public enum CloserSpecVersion {
    public static let implementation = "closer-spec"
    public static let version = "0.1.0"
}

extension JSONValue {
    /// Lowercase hex as a JSON string.
    public static func hex(_ bytes: some Collection<UInt8>) -> JSONValue { .string(Hex.encode(bytes)) }
}
