// Pipelined requests (specs/harness.md §Pipelining): requests in flight, larger together
// than both pipes' buffers, are written while the answers are read (no deadlock); answers are
// matched in order, and one carrying another id is out of order; a port that ends after some
// answers still delivers them and fails the next; an explore port restarted after a failure gets
// the requests still in flight again, so every case meets a port as it would one at a time.

import CloserWire
import Foundation
import Testing

@testable import CloserHarness

@Suite("harness driver: pipelined requests", .serialized)
struct PortPipeliningTests {
    static func request(_ id: String, pad: Int = 0) -> [String: JSONValue] {
        ["id": .string(id), "op": .string("x"), "pad": .string(String(repeating: "a", count: pad))]
    }

    @Test("40 requests of 100 KB in flight (far over both pipes' buffers) come back in order from an echo port")
    func manyLargeRequestsInFlight() throws {
        let port = ProcessPort(command: "cat", timeout: 20)
        try port.start()
        defer { port.stop() }
        for i in 0..<40 { try port.enqueue(Self.request("r\(i)", pad: 100_000)) }
        #expect(port.inFlight == 40)
        for i in 0..<40 {
            let answer = try port.receive()
            #expect(answer["id"] == .string("r\(i)"))
        }
        #expect(port.inFlight == 0)
    }

    @Test("an answer with another id than the oldest request in flight is out of order")
    func swappedAnswersAreOutOfOrder() throws {
        // Holds the first line and prints it after the second: the answers come back swapped.
        let port = ProcessPort(command: "sed -u -n '1h;2{p;x;p}'", timeout: 10)
        try port.start()
        defer { port.stop() }
        try port.enqueue(Self.request("first"))
        try port.enqueue(Self.request("second"))
        #expect(throws: PortFailure.outOfOrder(expectedID: #""first""#, gotID: #""second""#)) {
            _ = try port.receive()
        }
    }

    @Test("a port that ends after three answers delivers them and fails the fourth as a crash")
    func answersBeforeAnExitStillCount() throws {
        let port = ProcessPort(command: "head -n 3", timeout: 10)
        try port.start()
        defer { port.stop() }
        for i in 0..<6 { try port.enqueue(Self.request("r\(i)", pad: 10_000)) }
        for i in 0..<3 { #expect(try port.receive()["id"] == .string("r\(i)")) }
        do {
            _ = try port.receive()
            Issue.record("the fourth request has no answer")
        } catch {
            guard case .exited = error else {
                Issue.record("expected a crash, got \(error)")
                return
            }
        }
    }

    @Test("after a crash or an unencodable request the requests in flight are sent again, in order")
    func explorePortResendsAfterARestart() throws {
        // Echoes each line, and exits on a line holding "crash".
        let command = #"while IFS= read -r l; do case "$l" in *crash*) exit 1;; esac; printf '%s\n' "$l"; done"#
        let port = ExplorePort(command: command, timeout: 10)
        try port.connection.start()
        defer { port.stop() }
        let inputs: [(String, [String: JSONValue])] = [
            ("a", [:]), ("crash", [:]), ("b", [:]), ("nan", ["n": .number(.nan)]), ("c", [:]), ("d", [:]),
        ]
        for (id, input) in inputs { port.submit("x", input, id: id) }
        var got: [String] = []
        for _ in inputs {
            switch port.collect() {
            case .success(let v): got.append(v["id"]?.stringValue ?? "?")
            case .failure(.exited): got.append("exited")
            case .failure(.unreadableResponse(let why)): got.append(why)
            case .failure(let other): got.append("\(other)")
            }
        }
        #expect(got == ["a", "exited", "b", "request could not be encoded", "c", "d"])
    }
}
