// An op of harness protocol v1: its declaration (`HarnessOpSpec`, one row of the op table) and
// its handler. The declaration is the single source of the op's name, fields (in the order the
// handler reads them), response members and layers: the server's field allowlist, the layer
// diagnosis and the op tables of specs/harness.md and each profile's page (spliced by
// `closer-spec generate --specs`) all come from it. Normative: specs/harness.md §"Ops".

import CloserVectorModel
import CloserWire

/// One request field or response member of an op.
package struct HarnessOpField: Sendable, Hashable {
    package let name: String
    package let optional: Bool
    /// Type or meaning, for the spec table (`hex, 32 bytes`).
    package let note: String?

    package static func required(_ name: String, _ note: String? = nil) -> Self {
        Self(name: name, optional: false, note: note)
    }

    package static func optional(_ name: String, _ note: String? = nil) -> Self {
        Self(name: name, optional: true, note: note)
    }
}

/// One op's declaration: a row of the op table.
package struct HarnessOpSpec: Sendable, Hashable {
    package let name: String
    /// `wire`, `rules`, `pairing`, `contracts`, `lower`, or the app profile that owns the op.
    package let family: String
    /// Request fields in the order the handler reads them (a test replays the vectors to check).
    package let fields: [HarnessOpField]
    package let output: [HarnessOpField]
    /// The layer the op's own work lives in (named when a port's output differs).
    package let layer: VectorLayer?
    /// The layer a `decode_error` refusal of this op points at when the port sends no detail.
    package let decodeLayer: VectorLayer?
    /// Takes CloserSpec's `backend` extension field (the ops that run Argon2id).
    package let runsArgon2: Bool

    package init(
        _ name: String, family: String, fields: [HarnessOpField], output: [HarnessOpField],
        layer: VectorLayer?, decodeLayer: VectorLayer? = nil, runsArgon2: Bool = false
    ) {
        self.name = name
        self.family = family
        self.fields = fields
        self.output = output
        self.layer = layer
        self.decodeLayer = decodeLayer
        self.runsArgon2 = runsArgon2
    }

    /// Members every request may have.
    static let envelope: Set<String> = ["id", "op"]

    /// Every member a request for this op may carry.
    package var allowedFields: Set<String> {
        Self.envelope.union(fields.map(\.name)).union(runsArgon2 ? ["backend"] : [])
    }
}

/// An op: its declaration and a handler that returns the response fields.
package struct HarnessOp: Sendable {
    package let spec: HarnessOpSpec
    package let handler: @Sendable (HarnessRequest) throws(CloserError) -> [String: JSONValue]

    package var name: String { spec.name }

    package init(
        _ spec: HarnessOpSpec,
        _ handler: @escaping @Sendable (HarnessRequest) throws(CloserError) -> [String: JSONValue]
    ) {
        self.spec = spec
        self.handler = handler
    }
}

/// Namespace for the op declarations and handlers.
package enum HarnessOps {
    /// Closer's ops (every family of the core), in the order `info` lists them after `info`.
    package static var closer: [HarnessOp] {
        wire + rules + pairing + contracts + serverContracts + acceptInvite + cascades + invites + reminders
            + scheduledReminders + lower
    }
}
