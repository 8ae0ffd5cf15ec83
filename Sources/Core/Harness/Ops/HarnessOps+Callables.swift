// Harness ops for the app contracts outside the wire formats: invite callable
// payloads, date keys, push routing. Fields: specs/harness.md §"Ops"; semantics:
// specs/callables.md, specs/date-keys.md, specs/push-routing.md.

import CloserContracts
import CloserRules
import CloserWire

extension HarnessOps {
    static let contracts: [HarnessOp] = [
        // callable.validate(callable, payload, invite?) -> valid, findings | valid=false, detail, httpsError
        HarnessOp(.callableValidate) { r throws(CloserError) in
            let callable = try Callable(name: try r.string("callable"))
            let payload = try r.json("payload")
            let invite = r.optionalJSON("invite")
            do throws(CallableRejection) {
                let findings = try CallablePayload.validate(callable, payload: payload, invite: invite)
                return ["valid": .bool(true), "findings": .array(findings.map(\.json))]
            } catch {
                return [
                    "valid": .bool(false), "detail": .string(error.error.code.rawValue),
                    "reason": .string(error.error.reason),
                    "httpsError": .object(["code": .string(error.https.code), "message": .string(error.https.message)]),
                ]
            }
        },
        // datekey.compute(instant, kind) -> key
        HarnessOp(.dateKeyCompute) { r throws(CloserError) in
            let instant = try Instant(rfc3339: try r.string("instant"))
            let kind = try DateKeyKind(name: try r.string("kind"))
            return ["key": .string(try DateKey.key(kind, at: instant))]
        },
        // push.route(data, coupleId?) -> type, route {name, args}
        HarnessOp(.pushRoute) { r throws(CloserError) in
            let routed = try PushRouting.route(json: try r.json("data"), coupleId: try r.optionalString("coupleId"))
            return [
                "type": .string(routed.type.rawValue),
                "route": .object([
                    "name": .string(routed.route.name), "args": .object(routed.route.args.mapValues(JSONValue.string)),
                ]),
            ]
        },
    ]
}
