// The peers of one explore job: CloserSpec in process and one process per port, each asked for
// its `info` ops. Cases are pipelined: several requests in flight, answered in order. A port that
// crashed, hung or answered out of order is restarted and the requests in flight after the failed
// one are sent again (as the harness driver restarts a port). Normative: specs/explore.md §"Run".

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

    /// The requests submitted and not yet collected, oldest first (resent after a restart).
    private var submitted: [[String: JSONValue]] = []

    /// Sends one case's request at once (the minimizer and the diagnosis); nothing may be in flight.
    func send(_ op: String, _ input: [String: JSONValue], id: String) -> Result<JSONValue, PortFailure> {
        submit(op, input, id: id)
        return collect()
    }

    /// Queues one case's request behind those in flight (specs/harness.md §Pipelining); its
    /// answer comes from `collect`, in order.
    func submit(_ op: String, _ input: [String: JSONValue], id: String) {
        var request = input
        request["op"] = .string(op)
        request["id"] = .string(id)
        submitted.append(request)
        try? connection.enqueue(request)  // a failure is the answer `collect` returns
    }

    /// The answer to the oldest request submitted. A failed port is restarted and the requests
    /// still in flight are sent again, so each case meets a port as it would one at a time.
    func collect() -> Result<JSONValue, PortFailure> {
        submitted.removeFirst()
        do { return .success(try connection.receive()) } catch {
            try? connection.start()
            for request in submitted { try? connection.enqueue(request) }
            return .failure(error)
        }
    }

    func stop() { connection.stop() }
}
