// `info`, the op every port answers. Normative: specs/harness.md §"Ops".

import CloserVectorModel
import CloserWire

extension HarnessOpSpec {
    package static let info = Self(
        "info", family: "protocol", fields: [],
        output: [
            .required("implementation"), .required("version"), .required("protocol", "1"),
            .required("ops", "array of names"),
        ], layer: nil)
}

extension HarnessOps {
    /// `info` over the ops a server has.
    static func info(listing ops: [String]) -> HarnessOp {
        HarnessOp(.info) { _ throws(CloserError) in
            [
                "implementation": .string(CloserSpecVersion.implementation),
                "version": .string(CloserSpecVersion.version),
                "protocol": .number(1),
                "ops": .array((["info"] + ops).map { .string($0) }),
            ]
        }
    }
}
