// The FCM send side of a partner push: the tokens a sender fans out to (the legacy
// `users/{uid}.fcmToken` and every `users/{uid}/fcmTokens/{tokenId}` document) and the message it
// sends (a data payload carrying the payload key, plus a notification block).
// Normative: specs/cloud-functions.md §FCM fan-out (D-CF-28, D-CF-47..50).

import CloserWire

/// One FCM push as the Cloud Functions send it (specs/cloud-functions.md §FCM fan-out).
public struct FCMFanout: Sendable, Equatable {
    /// The distinct tokens, the legacy `fcmToken` first, then the `fcmTokens` documents in read order.
    public var tokens: [String]
    /// The data payload: the caller's members plus `type` (the payload key, push-routing.md).
    public var data: [String: String]
    /// The notification block's `title` and `body` (every push type carries one, D-CF-48).
    public var title: String
    public var body: String

    /// Plans a push to one recipient. `type` must be a payload key the app routes
    /// (`push.missing_type`, `push.unknown_type`); `data` must not carry its own `type`
    /// (`push.invalid_payload`). A token that is not a non-empty string is skipped (D-CF-49).
    public static func plan(
        type: String, data: [String: String], title: String, body: String, user: JSONValue,
        tokenDocuments: [JSONValue]
    ) throws(CloserError) -> FCMFanout {
        guard !type.isEmpty else { throw CloserError(.pushMissingType, "the push has no payload key") }
        guard PushNotificationType(payloadKey: type) != nil else {
            throw CloserError(.pushUnknownType, "payload key \(CloserError.quoted(type)) maps to no notification type")
        }
        guard data["type"] == nil else {
            throw CloserError(.pushInvalidPayload, "the data members must not carry their own \"type\"")
        }
        var payload = data
        payload["type"] = type
        return FCMFanout(tokens: tokens(user: user, documents: tokenDocuments), data: payload, title: title, body: body)
    }

    /// The fan-out list: legacy first, then documents in order, each distinct token once (D-CF-28, D-CF-47).
    public static func tokens(user: JSONValue, documents: [JSONValue]) -> [String] {
        var out: [String] = []
        for candidate in [user["fcmToken"]] + documents.map({ $0["token"] }) {
            guard let t = candidate?.stringValue, !t.isEmpty, !out.containsIdentical(t) else { continue }
            out.append(t)
        }
        return out
    }
}
