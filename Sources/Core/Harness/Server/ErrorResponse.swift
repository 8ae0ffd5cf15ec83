// The one JSON shape of a failure, shared by harness responses and `inspect --json`.
// Normative: specs/harness.md §"Framing", specs/errors.md.

import CloserWire

/// `{"code": <category>, "detail": <stable code>, "message": <reason>}`.
package enum ErrorResponse {
    /// The `error` member of a failed response.
    package static func json(_ failure: CloserError) -> JSONValue {
        .object([
            "code": .string(failure.category.rawValue),
            "detail": .string(failure.code.rawValue),
            "message": .string(failure.reason),
        ])
    }

    /// A whole failed response: `{"error", "id", "ok": false}`.
    package static func value(id: JSONValue, failure: CloserError) -> JSONValue {
        .object(["id": id, "ok": .bool(false), "error": json(failure)])
    }

    /// A whole failed response line.
    package static func line(id: JSONValue, failure: CloserError) -> String {
        ResponseLine.encode(value(id: id, failure: failure))
    }
}

/// Responses are RFC 8785 canonical JSON, one per line.
package enum ResponseLine {
    package static func encode(_ value: JSONValue) -> String {
        guard let bytes = try? CanonicalJSON.serialize(value) else {
            return #"{"error":{"code":"malformed_request","message":"response could not be encoded"},"ok":false}"#
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
