// Something that answers harness requests: this implementation in process (verify) or a
// port's process over stdin/stdout (the driver). Normative: specs/harness.md §"Framing".

import CloserWire

/// Why a request got no usable response.
package enum PortFailure: Error, Equatable, Sendable {
    /// The port did not answer within the timeout.
    case timeout(seconds: Double)
    /// The port did not read the whole request within the timeout (it stopped reading stdin).
    case requestNotRead(seconds: Double)
    /// The answer line is longer than the limit (specs/threat-model.md §"The port's lifecycle").
    case answerTooLarge(limit: Int)
    /// The port's process ended (exit status, when known).
    case exited(status: Int32?)
    /// The answer is not one JSON object line.
    case unreadableResponse(String)
    /// The answer carries another request's id.
    case outOfOrder(expectedID: String, gotID: String)

    package var description: String {
        switch self {
        case .timeout(let s): "the port did not answer within \(s) s (hang)"
        case .requestNotRead(let s): "the port did not read its request within \(s) s (hang)"
        case .answerTooLarge(let limit): "the port's answer line exceeds \(limit / 1_048_576) MiB (unreadable)"
        case .exited(let status): "the port exited\(status.map { " with status \($0)" } ?? "") (crash)"
        case .unreadableResponse(let why): "the port's answer is not a JSON object line: \(why)"
        case .outOfOrder(let want, let got): "the port answered out of order: id \(got) where \(want) was due"
        }
    }
}

/// A harness peer.
package protocol PortConnection: AnyObject {
    /// Sends one request (with `id`) and returns its response.
    func send(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue
}

/// This implementation, in process: one encode and one decode of the request per step (so that
/// integer fields see the literal a port would), and the server's response as a value.
package final class InProcessPort: PortConnection {
    let server: HarnessServer
    package init(server: HarnessServer = HarnessServer()) { self.server = server }

    package func send(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue {
        let line: [UInt8]
        do { line = try CanonicalJSON.serialize(.object(request)) } catch {
            throw .unreadableResponse("request could not be encoded")
        }
        do { return server.response(to: try HarnessRequest(line: line)) } catch {
            return ErrorResponse.value(id: .null, failure: error)
        }
    }
}
