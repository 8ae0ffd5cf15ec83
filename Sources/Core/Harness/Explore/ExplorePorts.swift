// The peers of one explore job: CloserSpec in process and one process per port, each asked for
// its `info` ops. A port that crashed, hung or answered out of order is restarted before the next
// case (as the harness driver does). Normative: specs/explore.md §"Run".

import CloserWire

/// One port process of a job, with the ops its `info` lists.
package final class ExplorePort {
    package let command: String
    package let connection: ProcessPort
    package private(set) var implementation = "?"
    package private(set) var ops: Set<String> = []

    init(command: String, timeout: Double) {
        self.command = command
        connection = ProcessPort(command: command, timeout: timeout)
    }

    /// Starts the process and reads its `info`.
    func start() throws(CloserError) {
        do { try connection.start() } catch {
            throw CloserError(.harnessPortUnusable, "the port \(command) could not be started: \(error)")
        }
        let info: JSONValue
        do { info = try connection.send(["id": .string("info"), "op": .string("info")]) } catch {
            throw CloserError(
                .harnessPortUnusable,
                "the port \(command) did not answer info: \(error.description); its stderr ends: \(connection.stderrTail.suffix(400))"
            )
        }
        guard info["ok"] == .bool(true), case .array(let list)? = info["ops"] else {
            throw CloserError(.harnessPortUnusable, "the port \(command)'s info response has no ops array")
        }
        implementation = info["implementation"]?.stringValue ?? "?"
        ops = Set(list.compactMap(\.stringValue))
    }

    /// Sends one case's request; a failed port is restarted for the next request.
    func send(_ op: String, _ input: [String: JSONValue], id: String) -> Result<JSONValue, PortFailure> {
        var request = input
        request["op"] = .string(op)
        request["id"] = .string(id)
        do { return .success(try connection.send(request)) } catch {
            try? connection.start()
            return .failure(error)
        }
    }

    func stop() { connection.stop() }
}
