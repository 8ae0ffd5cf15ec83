// Shrinks a mismatching case while the same ordered pair keeps failing the same way: CloserSpec
// still accepts the producer input, and the failing step and the answer's kind stay (`shape`).
// Each text, id or byte member of the producer's request loses chunks (explore's deletion loop);
// keys, keysets, injected randomness and the other side's inputs stay. Normative:
// specs/interop.md §"Minimizing".

import CloserWire
import Foundation

package final class InteropMinimizer {
    let flow: InteropFlow
    let producer: InteropPeer
    let consumer: InteropPeer
    let reference: ExploreReference
    /// Requests to the ports at most per mismatch (each trial costs two).
    var budget = 400
    /// Wall-clock bound per mismatch.
    let deadline = Date().addingTimeInterval(10)

    /// Members never shrunk: key material, randomness and the selectors of an op.
    static let kept: Set<String> = [
        "key", "keyset", "privateKeyset", "publicKeyset", "privateKey", "peerPublicKey", "recipient",
        "ephemeralPrivateKey", "iv", "salt", "nonce", "entropy", "profile", "prefix", "derivation",
    ]

    package init(flow: InteropFlow, producer: InteropPeer, consumer: InteropPeer, reference: ExploreReference) {
        self.flow = flow
        self.producer = producer
        self.consumer = consumer
        self.reference = reference
    }

    /// The mismatch's shape for `input`, or nil when the input is no longer valid or the pair agrees.
    func shape(_ input: InteropInput) -> String? {
        budget = Date() < deadline ? budget - 2 : 0
        guard reference.response(flow.producer, input.request)["ok"] == .bool(true),
            let expected = flow.expected(input, reference)
        else { return nil }
        return InteropCheck.run(
            flow, input, expected: expected, producer: producer, consumer: consumer, id: "interop:minimize"
        ).shape
    }

    /// The smallest input found with `want`'s shape (the input itself when nothing shrinks).
    package func minimize(_ input: InteropInput, shape want: String) -> InteropInput {
        var current = input
        let more = { self.budget > 0 }
        for key in current.request.keys.sorted() where !Self.kept.contains(key) {
            guard case .string(let s)? = current.request[key] else { continue }
            if ExploreMinimizer.hexFields.contains(key), let bytes = try? Hex.decode(s) {
                let shrunk = ExploreMinimizer.shrink(Array(bytes), while: more) { candidate in
                    var trial = current
                    trial.request[key] = .hex(candidate)
                    return shape(trial) == want
                }
                current.request[key] = .hex(shrunk)
            } else {
                let shrunk = ExploreMinimizer.shrink(Array(s.unicodeScalars), while: more) { candidate in
                    var trial = current
                    trial.request[key] = .string(String(String.UnicodeScalarView(candidate)))
                    return shape(trial) == want
                }
                current.request[key] = .string(String(String.UnicodeScalarView(shrunk)))
            }
        }
        return current
    }
}
