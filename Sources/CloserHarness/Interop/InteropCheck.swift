// One case of one flow through one ordered pair: the producer writes, the consumer reads what it
// wrote (with the keys and ids both share), and the consumer's answer must be the original input
// back. Not byte equality of the produced values: producers draw nonces and ephemeral keys.
// Normative: specs/interop.md §"Mismatch".

import CloserWire

/// How one case came out for one ordered pair.
package struct InteropOutcome: Sendable {
    /// nil when the consumer read the input back; else `produce:<kind>` or `consume:<kind>` (the
    /// step that failed and the answer's kind: `ok`, the error category, or `port`).
    package let shape: String?
    /// The producer's answer (without `id`), or `{"portFailure": …}`.
    package let produced: JSONValue
    /// The consumer's answer (without `id`), `{"portFailure": …}`, or null when it was not asked.
    package let consumed: JSONValue
    /// The consumer's request, when the producer's answer gave one.
    package let consumeRequest: [String: JSONValue]?
    package let message: String

    package var passed: Bool { shape == nil }
}

package enum InteropCheck {
    /// An answer as recorded: the response without `id`, or the port failure.
    static func recorded(_ answer: Result<JSONValue, PortFailure>) -> JSONValue {
        switch answer {
        case .failure(let f): return .object(["portFailure": .string(f.description)])
        case .success(.object(var o)):
            o.removeValue(forKey: "id")
            return .object(o)
        case .success(let v): return v
        }
    }

    /// `error code (detail)` of a refusal.
    static func refusal(_ v: JSONValue) -> String {
        let code = v["error"]?["code"]?.stringValue ?? "?"
        return v["error"]?["detail"]?.stringValue.map { "\(code) (\($0))" } ?? code
    }

    /// The first member of `expected` the consumer's successful answer lacks or differs in, else nil.
    package static func differing(_ answer: JSONValue, expected: [String: JSONValue]) -> String? {
        for key in expected.keys.sorted() {
            guard let got = answer[key] else { return key }
            if got != expected[key], !StepCheck.matches(got, expected[key] ?? .null) { return key }
        }
        return nil
    }

    /// The consumer's side of a case, given the producer's answer.
    package static func consume(
        _ flow: InteropFlow, _ input: InteropInput, expected: [String: JSONValue],
        produced: Result<JSONValue, PortFailure>, consumer: InteropPeer, id: String
    ) -> InteropOutcome {
        let wrote = recorded(produced)
        guard case .success(let answer) = produced else {
            return InteropOutcome(
                shape: "produce:port", produced: wrote, consumed: .null, consumeRequest: nil,
                message: "the producer failed: \(wrote["portFailure"]?.stringValue ?? "")")
        }
        guard answer["ok"] == .bool(true) else {
            return InteropOutcome(
                shape: "produce:" + (answer["error"]?["code"]?.stringValue ?? "?"), produced: wrote, consumed: .null,
                consumeRequest: nil, message: "the producer refused an input CloserSpec accepts: \(refusal(answer))")
        }
        guard let request = flow.consumeRequest(input, produced: answer) else {
            return InteropOutcome(
                shape: "produce:ok", produced: wrote, consumed: .null, consumeRequest: nil,
                message: "the producer's answer lacks a member \(flow.consumer) reads")
        }
        let got = consumer.send(flow.consumer, request, id: id)
        let read = recorded(got)
        guard case .success(let reply) = got else {
            return InteropOutcome(
                shape: "consume:port", produced: wrote, consumed: read, consumeRequest: request,
                message: "the consumer failed: \(read["portFailure"]?.stringValue ?? "")")
        }
        guard reply["ok"] == .bool(true) else {
            return InteropOutcome(
                shape: "consume:" + (reply["error"]?["code"]?.stringValue ?? "?"), produced: wrote, consumed: read,
                consumeRequest: request, message: "the consumer refused what the producer wrote: \(refusal(reply))")
        }
        if let member = differing(reply, expected: expected) {
            return InteropOutcome(
                shape: "consume:ok", produced: wrote, consumed: read, consumeRequest: request,
                message: "the consumer reads another \"\(member)\" than the producer's input")
        }
        return InteropOutcome(shape: nil, produced: wrote, consumed: read, consumeRequest: request, message: "")
    }

    /// The whole case: produce, then consume.
    package static func run(
        _ flow: InteropFlow, _ input: InteropInput, expected: [String: JSONValue], producer: InteropPeer,
        consumer: InteropPeer, id: String
    ) -> InteropOutcome {
        let produced = producer.send(flow.producer, input.request, id: id + ":produce")
        return consume(flow, input, expected: expected, produced: produced, consumer: consumer, id: id + ":consume")
    }
}
