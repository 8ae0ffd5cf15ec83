// A divergence found by explore, minimized, with its layer named by the harness's own diagnosis:
// the case is turned into a vector test (CloserSpec's answer as `expected`) and replayed through
// VectorRunner and LayerDiagnosis against the port. Normative: specs/explore.md §"Findings".

import CloserVectorModel
import CloserWire

/// One divergence of one port.
package struct ExploreFinding: Sendable {
    package enum Kind: String, Sendable {
        /// The port disagrees with CloserSpec: written as a vector.
        case port
        /// Every port (two or more) agrees against CloserSpec: CloserSpec is suspect; no vector.
        case referenceSuspect = "reference-suspect"
    }

    package let kind: Kind
    package let port: String
    package let implementation: String
    package let original: ExploreCase
    package let minimized: ExploreCase
    /// CloserSpec's response to the minimized input.
    package let reference: JSONValue
    package let layer: VectorLayer?
    package let message: String
    /// What CloserSpec computes along the way for the minimized input (ExploreIntermediates).
    package var intermediates: [String: JSONValue] = [:]
    /// How many other cases of the same class (port, op, mutation, answer kinds) were seen.
    package var similar: Int = 0

    /// The vector test `expected` member from CloserSpec's answer (output members, or the error
    /// with the layer its detail names).
    package static func expected(_ reference: JSONValue, op: HarnessOpSpec?, profiles: [AppProfile]) -> (
        VectorResult, JSONValue
    ) {
        if reference["ok"] == .bool(true) {
            var members: [String: JSONValue] = [:]
            for key in ExploreComparator.outputKeys(reference) { members[key] = reference[key] }
            return (.valid, .object(members))
        }
        let code = reference["error"]?["code"]?.stringValue ?? "malformed_request"
        let detail = reference["error"]?["detail"]?.stringValue ?? "harness.malformed_request"
        let layer = profiles.layer(ofDetail: detail) ?? op?.layer ?? .request
        return (
            .invalid,
            .object([
                "error": .object(["code": .string(code), "detail": .string(detail), "layer": .string(layer.rawValue)])
            ])
        )
    }

    /// The case as a loaded vector test (for the runner and the diagnosis).
    package static func test(
        _ c: ExploreCase, _ reference: JSONValue, specs: [String: HarnessOpSpec], profiles: [AppProfile],
        intermediates: [String: JSONValue] = [:]
    )
        -> LoadedTest
    {
        let (result, expected) = Self.expected(reference, op: specs[c.op], profiles: profiles)
        return LoadedTest.built(
            suite: "explore", tcID: c.index + 1, comment: c.mutation, flags: ["Explored"], result: result,
            step: .built(op: c.op, input: c.input, expected: expected), intermediates: intermediates)
    }

    /// Names the layer: the minimized case replayed as a vector through the port.
    package static func diagnose(
        _ c: ExploreCase, reference: JSONValue, port: ExplorePort, profiles: [AppProfile],
        intermediates: [String: JSONValue] = [:]
    ) -> (VectorLayer?, String) {
        let diagnosis = LayerDiagnosis(port: port.connection, ops: port.ops, profiles: profiles)
        let test = Self.test(c, reference, specs: diagnosis.specs, profiles: profiles, intermediates: intermediates)
        let outcome = VectorRunner.run(test, on: port.connection)
        if outcome.portFailure != nil { try? port.connection.start() }
        switch outcome.status {
        case .failed:
            let d = outcome.portFailure == nil ? diagnosis.diagnose(test, outcome) : Diagnosis(nil, outcome.message)
            return (d.layer, d.reason)
        default:
            return (nil, "the divergence did not recur on replay (the port answers differently from run to run)")
        }
    }
}
