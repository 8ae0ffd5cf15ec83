// Names the layer of an interop mismatch and the side at fault, with the harness's own diagnosis
// (LayerDiagnosis): the failing step becomes a vector test whose `expected` is CloserSpec's
// answer and is replayed against the port at fault. CloserSpec's reader decides the side: when it
// reads the produced value back, the consumer is at fault; when it refuses it (or reads another
// input), the producer wrote it wrong, and its bytes are compared with CloserSpec's under the same
// injected randomness. Normative: specs/interop.md §"Layer".

import CloserVectorModel
import CloserWire

package struct InteropDiagnosis {
    let flow: InteropFlow
    let reference: ExploreReference
    let profiles: [AppProfile]

    package init(flow: InteropFlow, reference: ExploreReference, profiles: [AppProfile]) {
        self.flow = flow
        self.reference = reference
        self.profiles = profiles
    }

    /// The layer (nil for a crash, hang or unreadable answer: `port`) and why.
    package func diagnose(
        _ input: InteropInput, _ outcome: InteropOutcome, producer: InteropPeer, consumer: InteropPeer
    ) -> (VectorLayer?, String) {
        if outcome.shape?.hasSuffix(":port") == true { return (nil, outcome.message) }
        guard let request = outcome.consumeRequest, outcome.shape?.hasPrefix("consume:") == true else {
            let (layer, why) = replay(flow.producer, input.injected, on: producer)
            return (layer, "\(outcome.message); \(why)")
        }
        let read = reference.response(flow.consumer, request)
        if read["ok"] == .bool(true), let expected = flow.expected(input, reference),
            InteropCheck.differing(read, expected: expected) == nil
        {
            let (layer, why) = replay(flow.consumer, request, on: consumer)
            return (layer, "\(outcome.message); CloserSpec reads it back, so the reader is at fault: \(why)")
        }
        let closer =
            read["ok"] == .bool(true)
            ? "CloserSpec's reader reads another input from it too"
            : "CloserSpec's reader refuses it too (\(InteropCheck.refusal(read)))"
        let (layer, why) = replay(flow.producer, input.injected, on: producer)
        if let layer { return (layer, "\(outcome.message); \(closer), so the writer is at fault: \(why)") }
        // The injected path writes CloserSpec's bytes: only the port's own randomness is wrong.
        let refused = read["error"]?["detail"]?.stringValue.flatMap(profiles.layer(ofDetail:))
        return (
            refused ?? specs[flow.producer]?.layer,
            "\(outcome.message); \(closer), so the writer is at fault (with its own randomness only: \(why))"
        )
    }

    var specs: [String: HarnessOpSpec] {
        Dictionary(HarnessServer.ops(of: profiles).map { ($0.name, $0.spec) }, uniquingKeysWith: { first, _ in first })
    }

    /// One step replayed as a vector test against `peer`, CloserSpec's answer expected: the layer
    /// LayerDiagnosis names, or nil with why when the step conforms.
    func replay(_ op: String, _ request: [String: JSONValue], on peer: InteropPeer) -> (VectorLayer?, String) {
        let want = reference.response(op, request)
        let c = ExploreCase(index: 0, op: op, input: request, mutation: "interop \(flow.name)")
        let diagnosis = LayerDiagnosis(port: peer.connection, ops: peer.ops, profiles: profiles)
        let intermediates = ExploreIntermediates.of(op, request, reference: want, in: reference)
        let test = ExploreFinding.test(
            c, want, specs: diagnosis.specs, profiles: profiles, intermediates: intermediates)
        let outcome = VectorRunner.run(test, on: peer.connection)
        if outcome.portFailure != nil { try? peer.start() }
        guard outcome.status == .failed else { return (nil, "its \(op) answers as CloserSpec does on this input") }
        guard outcome.portFailure == nil else { return (nil, outcome.message) }
        let d = diagnosis.diagnose(test, outcome)
        return (d.layer, d.reason)
    }
}
