// One side of an interop pair: CloserSpec in process (the port named `closer-spec`) or a port
// process speaking harness protocol v1, with the ops its `info` lists. A port that crashed, hung
// or answered out of order is restarted before its next request (explore's ExplorePort).
// Normative: specs/interop.md §"Run".

import CloserWire

package final class InteropPeer {
    /// The name in the matrix and the results: `closer-spec` or the port's command.
    package let name: String
    package private(set) var implementation: String
    package private(set) var ops: Set<String>
    package let connection: any PortConnection
    private let process: ExplorePort?

    /// The reference's name among the ports.
    package static let referenceName = "closer-spec"

    /// A peer over any connection (tests use fakes).
    package init(name: String, implementation: String, ops: Set<String>, connection: any PortConnection) {
        self.name = name
        self.implementation = implementation
        self.ops = ops
        self.connection = connection
        process = nil
    }

    /// A port process (not started yet).
    package init(command: String, timeout: Double) {
        let port = ExplorePort(command: command, timeout: timeout)
        name = command
        implementation = "?"
        ops = []
        connection = port.connection
        process = port
    }

    /// CloserSpec in process, serving every op of `profiles`.
    package static func reference(profiles: [AppProfile]) -> InteropPeer {
        InteropPeer(
            name: referenceName, implementation: referenceName,
            ops: Set(HarnessServer.ops(of: profiles).map(\.name)),
            connection: InProcessPort(server: HarnessServer(profiles: profiles)))
    }

    /// Starts a port process and reads its `info` (nothing to do in process).
    package func start() throws(CloserError) {
        guard let process else { return }
        try process.start()
        implementation = process.implementation
        ops = process.ops
    }

    /// One request; a failed port process is restarted for the next one.
    package func send(_ op: String, _ input: [String: JSONValue], id: String) -> Result<JSONValue, PortFailure> {
        if let process { return process.send(op, input, id: id) }
        var request = input
        request["op"] = .string(op)
        request["id"] = .string(id)
        do { return .success(try connection.send(request)) } catch { return .failure(error) }
    }

    package func stop() { process?.stop() }
}
