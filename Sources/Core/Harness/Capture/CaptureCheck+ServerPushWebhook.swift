// Server-side capture sections of the senders and the webhook: `pushMessages` (the FCM message a
// trigger sent, op fcm.fanout) and `revenueCatWebhook` (the HTTP statuses the deployed webhook
// answered, op webhook.revenuecat). specs/capture.md §"Server-side captures"; semantics:
// specs/cloud-functions.md §FCM fan-out, specs/revenuecat-webhook.md; decision ids of
// specs/decisions/cloud-functions.md, contracts.md and revenuecat-webhook.md.

import CloserWire

extension CaptureCheck {
    static func checkPushMessages(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let (input, observed) = try serverParts(s)
        let sentNothing = observed["sent"] == .bool(false) || observed["tokens"] == .array([])
        switch try runOp(.fcmFanout, input, s.name) {
        case .failure(let refusal):
            if sentNothing {
                r.confirm(["D-CF-50"], s.name, "nothing sent, as the pin refuses it (\(refusal.code.rawValue))")
            } else if observed["tokens"] != nil || observed["sent"] == .bool(true) {
                r.contradict(["D-CF-50"], s.name, "a message was sent that the pin refuses (\(refusal.code.rawValue))")
            }
        case .success(let out):
            if observed["sent"] == .bool(false), out["tokens"] != .array([]) {
                r.contradict(["D-CF-28", "D-CF-50"], s.name, "nothing was sent where the op sends a message")
                return
            }
            compareMember(
                "tokens", predicted: out["tokens"], observed: observed, ids: ["D-CF-28", "D-CF-47", "D-CF-49"], s.name,
                into: &r)
            compareMember(
                "data", predicted: out["data"], observed: observed, ids: ["D-CONTRACTS-09", "D-CF-48"], exact: true,
                s.name, into: &r)
            compareMember(
                "notification", predicted: out["notification"], observed: observed, ids: ["D-CF-48"], exact: true,
                s.name, into: &r)
        }
    }

    /// The decisions a webhook status shows (revenuecat-webhook.md §Checks).
    static let webhookStatusIDs: [Int: [String]] = [
        200: ["D-HOOK-03", "D-HOOK-04", "D-HOOK-05"], 400: ["D-HOOK-05"], 401: ["D-HOOK-03", "D-HOOK-04"],
        405: ["D-HOOK-01", "D-HOOK-07"], 500: ["D-HOOK-02", "D-HOOK-08"],
    ]
    /// The header the signature travels in (D-HOOK-03); HTTP header names are case-insensitive.
    static let webhookSignatureHeader = "x-revenuecat-signature"

    static func checkRevenueCatWebhook(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let key = s.members["signingKey"]
        guard key?.stringValue != nil || key == .null else {
            throw CloserError(.captureMissingMember, "\(s.name).signingKey must be a string or null")
        }
        guard case .array(let deliveries)? = s.members["deliveries"] else {
            throw CloserError(.captureMissingMember, "\(s.name).deliveries must be an array")
        }
        for (index, delivery) in deliveries.enumerated() {
            guard case .object(let d) = delivery, case .number(let status)? = d["status"],
                case .object(let headers)? = d["headers"], headers.values.allSatisfy({ $0.stringValue != nil })
            else {
                throw CloserError(
                    .captureMissingMember, "\(s.name).deliveries[\(index)] needs headers (strings) and a numeric status"
                )
            }
            let signature = headers.first { $0.key.lowercased() == webhookSignatureHeader }?.value ?? .null
            var input: [String: JSONValue] = ["signingKey": key ?? .null, "signature": signature]
            for name in ["method", "body", "processedEventIds"] { input[name] = d[name] }
            guard case .success(let out) = try runOp(.webhookRevenueCat, input, "\(s.name).deliveries[\(index)]"),
                case .number(let predicted)? = out["status"]
            else { throw CloserError(.captureMissingMember, "\(s.name).deliveries[\(index)] is not a delivery") }
            compareStatus(
                Int(predicted), observed: Int(exactly: status) ?? -1, duplicate: out["duplicate"] == .bool(true),
                "\(s.name).deliveries[\(index)]", into: &r)
        }
    }

    static func compareStatus(
        _ predicted: Int, observed: Int, duplicate: Bool, _ label: String, into r: inout CaptureReport
    ) {
        var ids = webhookStatusIDs[predicted] ?? []
        if duplicate { ids.append("D-HOOK-06") }
        if predicted == observed {
            r.confirm(ids, label, "status \(observed) is what the op computes")
        } else {
            let all = Array(Set(ids + (webhookStatusIDs[observed] ?? []))).sorted(by: DecisionOrder.less)
            r.contradict(all, label, "status \(observed) where the op computes \(predicted) (one of these)")
        }
    }
}
