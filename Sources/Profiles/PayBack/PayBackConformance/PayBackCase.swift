// One vector case of a PayBack suite: the op run on its input through the profile's own handler; a
// contract error becomes an invalid case naming its code and the contract layer.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackCase {
    static func run(
        _ spec: HarnessOpSpec, _ comment: String, _ flags: [VectorFlag], _ input: [(String, JSONValue)]
    ) -> VectorCase {
        let handler = PayBackOps.all.first { $0.name == spec.name }!.handler
        let request = HarnessRequest(id: .number(0), op: spec.name, fields: Dictionary(uniqueKeysWithValues: input))
        do {
            let out = try handler(request)
            let output = spec.output.map { ($0.name, out[$0.name]!) }
            return .valid(comment, flags: flags, op: spec.name, input: input, output: output)
        } catch {
            return .invalid(comment, flags: flags, op: spec.name, input: input, error: error.code, layer: .contract)
        }
    }

    static func ids(_ members: [String]) -> JSONValue { .array(members.map { .object(["memberId": .string($0)]) }) }

    static func percents(_ members: [(String, String)]) -> JSONValue {
        .array(members.map { .object(["memberId": .string($0.0), "percent": .string($0.1)]) })
    }

    static func exact(_ members: [(String, Double)]) -> JSONValue {
        .array(members.map { .object(["memberId": .string($0.0), "amountCents": .number($0.1)]) })
    }
}
