// A port's process: `/bin/sh -c <command>` in its own process group, spoken to with JSON Lines
// over its stdin/stdout. Every request has one deadline (`timeout` seconds) for writing it and
// reading its answer, kept with non-blocking pipes and poll; stderr is read alongside and only
// its last 64 KiB kept. A crash, hang, oversized or out-of-order answer is a `PortFailure`,
// never a crash or a hang of the harness; after one, the port refuses every request until it is
// restarted. Requests may be pipelined (`enqueue` several, then `receive` their answers in
// order): the queued bytes are written whenever the pipe takes them, while answers are read, so
// neither side blocks the other. Normative: specs/harness.md §"Driver" and §"Pipelining",
// specs/threat-model.md §"The port's lifecycle".

import CloserWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

package final class ProcessPort: PortConnection {
    let command: String
    let timeout: Double
    /// How often a wait for the port checks whether its direct child has exited.
    static let exitCheckInterval = 0.1
    /// How long the port has to exit by itself once its stdin is closed at the end of a run.
    package static let exitGrace = 2.0
    private var group: PortProcessGroup?
    private var answers = AnswerBuffer()
    private var stderrKept = StderrTail()
    private var stderrOpen = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// Request bytes queued and not yet written: `outgoing[outgoingStart...]`.
    private var outgoing: [UInt8] = []
    private var outgoingStart = 0
    /// Bytes queued and written since the start, over every request.
    private var queuedTotal = 0
    private var writtenTotal = 0
    /// The port stopped taking input (a write failed): nothing more is written until a restart.
    private var stdinBroken = false
    /// The requests in flight, oldest first: the id due, where the request ends in the byte
    /// stream, and the failure of a request that could not be encoded (its answer is that failure).
    private var awaited: [(id: JSONValue, end: Int, failure: PortFailure?)] = []
    /// The failure that ended the conversation; every request fails with it until `start()`.
    package private(set) var lastFailure: PortFailure?

    package init(command: String, timeout: Double) {
        self.command = command
        self.timeout = timeout
    }

    /// Starts the port, ending the previous process group at once if there is one.
    package func start() throws(CloserError) {
        group?.end(grace: 0)
        group = nil
        answers = AnswerBuffer()
        stderrKept = StderrTail()
        lastFailure = nil
        (outgoing, outgoingStart, queuedTotal, writtenTotal, stdinBroken) = ([], 0, 0, 0, false)
        awaited = []
        group = try PortProcessGroup(command: command)
        stderrOpen = true
    }

    /// Ends the port: its stdin is closed, it has `grace` seconds to exit, then its whole
    /// process group is terminated and killed.
    package func stop(grace: Double = ProcessPort.exitGrace) {
        group?.end(grace: grace)
        group = nil
    }

    deinit { group?.end(grace: 0) }

    /// The last 64 KiB (at most) the port wrote to standard error, read up to now.
    package var stderrTail: String {
        drainStderr()
        return stderrKept.text
    }

    /// The port's process group id while it runs (tests check that none of it survives).
    package var processGroup: Int32? { group.map { $0.pid } }

    package var isRunning: Bool { group.map { !$0.leaderExited } ?? false }

    /// Sends one request and returns its answer (after the answers of any requests in flight).
    package func send(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue {
        try enqueue(request)
        return try receive()
    }

    /// The requests queued or written whose answers `receive` has not returned yet.
    package var inFlight: Int { awaited.count }

    /// Queues one request behind those in flight and writes what the pipe takes now; its answer
    /// comes from `receive`, in order. A request that cannot be encoded fails when its turn comes.
    package func enqueue(_ request: [String: JSONValue]) throws(PortFailure) {
        if let lastFailure { throw lastFailure }
        guard let group else { throw .exited(status: nil) }
        let id = request["id"] ?? .null
        guard var line = try? CanonicalJSON.serialize(.object(request)) else {
            awaited.append((id, queuedTotal, .unreadableResponse("request could not be encoded")))
            return
        }
        line.append(0x0a)
        outgoing.append(contentsOf: line)
        queuedTotal += line.count
        awaited.append((id, queuedTotal, nil))
        writeQueued(to: group)
    }

    /// The answer to the oldest request in flight, read before `timeout` seconds from now.
    package func receive() throws(PortFailure) -> JSONValue {
        if let lastFailure { throw lastFailure }
        guard group != nil, !awaited.isEmpty else { throw .exited(status: nil) }
        let due = awaited.removeFirst()
        do throws(PortFailure) {
            if let failure = due.failure { throw failure }
            return try answer(id: due.id, end: due.end)
        } catch {
            lastFailure = error
            throw error
        }
    }

    private func answer(id want: JSONValue, end: Int) throws(PortFailure) -> JSONValue {
        let response = try converse(end: end, deadline: MonotonicClock.seconds + timeout)
        let value: JSONValue
        do { value = try JSONValue(parsing: response) } catch {
            throw .unreadableResponse(error.reason)
        }
        guard case .object = value else { throw .unreadableResponse("not an object") }
        if let got = value["id"], got != want {
            throw .outOfOrder(expectedID: Self.text(want), gotID: Self.text(got))
        }
        return value
    }

    static func text(_ v: JSONValue) -> String {
        String(decoding: (try? CanonicalJSON.serialize(v)) ?? [], as: UTF8.self)
    }

    /// Reads the next answer line before `deadline`, once the request ending at byte `end` of
    /// the stream is written; writes the queued requests and reads stderr alongside.
    private func converse(end: Int, deadline: Double) throws(PortFailure) -> [UInt8] {
        guard let group else { throw .exited(status: nil) }
        var nextExitCheck = MonotonicClock.seconds + Self.exitCheckInterval
        while true {
            let complete = writtenTotal >= end
            if complete, let line = try answers.nextLine() { return line }
            if !complete, stdinBroken {
                _ = group.waitForLeader(0.5)
                throw .exited(status: group.exitStatus)
            }
            let now = MonotonicClock.seconds
            if now >= deadline {
                throw complete ? PortFailure.timeout(seconds: timeout) : PortFailure.requestNotRead(seconds: timeout)
            }
            if now >= nextExitCheck {
                nextExitCheck = now + Self.exitCheckInterval
                if group.leaderExited { return try lastAnswer(of: group, complete: complete) }
            }
            let writing = writtenTotal < queuedTotal && !stdinBroken
            var fds = [
                pollfd(fd: group.stdoutFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stderrOpen ? group.stderrFD : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: writing ? group.stdinFD : -1, events: Int16(POLLOUT), revents: 0),
            ]
            let wait = min(deadline, nextExitCheck) - now
            let ready = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { throw .exited(status: group.exitStatus) }
            guard ready > 0 else { continue }
            if fds[1].revents != 0 { drainStderr() }
            if fds[2].revents != 0 { writeQueued(to: group) }
            if fds[0].revents != 0, readSome(from: group) == 0 {
                // End of file: the port closed its stdout; what it wrote before still counts.
                return try lastAnswer(of: group, complete: writtenTotal >= end)
            }
        }
    }

    /// Writes what the pipe takes now of the queued bytes. A closed pipe marks stdin broken: the
    /// answers already written still count, a request not written is a crash (`converse`).
    private func writeQueued(to group: PortProcessGroup) {
        while !stdinBroken, outgoingStart < outgoing.count {
            let n = outgoing.withUnsafeBytes {
                write(group.stdinFD, $0.baseAddress! + outgoingStart, $0.count - outgoingStart)
            }
            if n > 0 {
                outgoingStart += n
                writtenTotal += n
                continue
            }
            if n < 0, errno == EINTR { continue }
            if n == 0 || (n < 0 && errno == EAGAIN) { break }
            stdinBroken = true
        }
        if outgoingStart == outgoing.count {
            (outgoing, outgoingStart) = ([], 0)
        } else if outgoingStart >= 1 << 20 {
            outgoing.removeFirst(outgoingStart)
            outgoingStart = 0
        }
    }

    /// Reads what stdout holds now into the answer buffer: the byte count, 0 at end of file.
    private func readSome(from group: PortProcessGroup) -> Int {
        let n = chunk.withUnsafeMutableBytes { read(group.stdoutFD, $0.baseAddress, $0.count) }
        if n > 0 {
            chunk.withUnsafeBufferPointer { answers.append(UnsafeBufferPointer(rebasing: $0[..<n])) }
            return n
        }
        if n == 0 { return 0 }
        return errno == EAGAIN || errno == EINTR ? -1 : 0
    }

    /// The port's direct child exited or its stdout closed: an answer already complete is still
    /// returned (the crash shows on the next request); otherwise this is a crash.
    private func lastAnswer(of group: PortProcessGroup, complete: Bool) throws(PortFailure) -> [UInt8] {
        if complete {
            while answers.pending <= AnswerBuffer.limit, readSome(from: group) > 0 {}
            if let line = try answers.nextLine() { return line }
        }
        drainStderr()
        _ = group.waitForLeader(0.5)
        throw .exited(status: group.exitStatus)
    }

    /// Reads what stderr holds now (at most 1 MiB per call), keeping the last 64 KiB.
    private func drainStderr() {
        guard stderrOpen, let group else { return }
        for _ in 0..<16 {
            let n = chunk.withUnsafeMutableBytes { read(group.stderrFD, $0.baseAddress, $0.count) }
            if n > 0 {
                chunk.withUnsafeBufferPointer { stderrKept.append(UnsafeBufferPointer(rebasing: $0[..<n])) }
                continue
            }
            if n == 0 || (errno != EAGAIN && errno != EINTR) { stderrOpen = false }
            return
        }
    }
}
