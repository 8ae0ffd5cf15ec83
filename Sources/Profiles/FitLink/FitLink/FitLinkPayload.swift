// A message's `payload` map: which members each message type carries. Normative:
// specs/profiles/fitlink/documents.md §"payload" (the member names are stated; which type
// carries which is decided).

import CoreWire

package enum FitLinkPayload {
    /// Per message type: (required members, optional members).
    package static let members: [String: (required: [String], optional: [String])] = [
        "text": ([], []),
        "image": (["image_url"], []),
        "file": (["file_url"], []),
        "voice": (["voice_url", "voice_duration"], []),
        "diet_plan": (["plan_id"], ["plan_title"]),
        "workout_plan": (["plan_id"], ["plan_title"]),
        "challenge": (["challenge_id"], []),
    ]

    /// Checks `payload` (already known to be an object) against the message's `type` (already
    /// checked): an unknown or foreign member, then a missing one, is `fitlink.invalid_payload`;
    /// then each value (`voice_duration` a number of seconds ≥ 0, the others 1…2048 characters).
    package static func check(_ payload: JSONValue, type: JSONValue?) throws(CloserError) {
        guard case .object(let p) = payload, let type = type?.stringValue, let allowed = members[type] else { return }
        if let foreign = p.keys.sorted().first(where: {
            !allowed.required.contains($0) && !allowed.optional.contains($0)
        }) {
            throw CloserError(
                .fitLinkInvalidPayload,
                "payload.\(CloserError.quoted(foreign)) is not a member of a \(type) message's payload")
        }
        if let missing = allowed.required.first(where: { p[$0] == nil }) {
            throw CloserError(.fitLinkInvalidPayload, "a \(type) message's payload needs \(missing)")
        }
        for key in p.keys.sorted() {
            let path = "payload." + key
            if key == "voice_duration" {
                guard case .number(let d) = p[key]!, d.isFinite else {
                    throw CloserError(.fitLinkWrongType, "\(path) must be a number")
                }
                guard d >= 0, d <= 86_400 else { throw CloserError(.fitLinkOutOfRange, "\(path) is 0...86400 seconds") }
            } else {
                try FitLinkCheck.text(1, 2048)(p[key]!, path)
            }
        }
    }
}
