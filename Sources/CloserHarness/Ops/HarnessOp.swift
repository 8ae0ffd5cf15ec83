// The op table of harness protocol v1. Normative: specs/harness.md §"Ops".
// Each area declares its ops in its own file (`HarnessOps+Wire.swift`, ...) as a static
// array; `HarnessOps.all` lists the arrays.

import CloserVectors
import CloserWire

/// One op: its name and a handler that returns the response fields.
package struct HarnessOp: Sendable {
    package let name: String
    package let handler: @Sendable (HarnessRequest) throws(CloserError) -> [String: JSONValue]

    package init(
        _ name: String, _ handler: @escaping @Sendable (HarnessRequest) throws(CloserError) -> [String: JSONValue]
    ) {
        self.name = name
        self.handler = handler
    }
}

/// Namespace for the op tables.
package enum HarnessOps {
    /// Every op this implementation serves, in the order `info` lists them.
    package static var all: [HarnessOp] { [info] + wire + rules + pairing + contracts + lower + fitLink }

    static let info = HarnessOp("info") { _ throws(CloserError) in
        [
            "implementation": .string(CloserSpecVersion.implementation),
            "version": .string(CloserSpecVersion.version),
            "protocol": .number(1),
            "ops": .array(HarnessOps.all.map { .string($0.name) }),
        ]
    }
}
