// A port's process: `/bin/sh -c <command>` in its own process group, spoken to with JSON Lines
// over its stdin/stdout. Every request has one deadline (`timeout` seconds) for writing it and
// reading its answer, kept with non-blocking pipes and poll; stderr is read alongside and only
// its last 64 KiB kept. A crash, hang, oversized or out-of-order answer is a `PortFailure`,
// never a crash or a hang of the harness; after one, the port refuses every request until it is
// restarted. Normative: specs/harness.md §"Driver", specs/threat-model.md §"The port's lifecycle".

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

    package func send(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue {
        if let lastFailure { throw lastFailure }
        guard group != nil else { throw .exited(status: nil) }
        do { return try exchange(request) } catch {
            lastFailure = error
            throw error
        }
    }

    private func exchange(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue {
        var line: [UInt8]
        do { line = try CanonicalJSON.serialize(.object(request)) } catch {
            throw .unreadableResponse("request could not be encoded")
        }
        line.append(0x0a)
        let response = try converse(line, deadline: MonotonicClock.seconds + timeout)
        let value: JSONValue
        do { value = try JSONValue(parsing: response) } catch {
            throw .unreadableResponse(error.reason)
        }
        guard case .object = value else { throw .unreadableResponse("not an object") }
        let want = request["id"] ?? .null
        if let got = value["id"], got != want {
            throw .outOfOrder(expectedID: Self.text(want), gotID: Self.text(got))
        }
        return value
    }

    static func text(_ v: JSONValue) -> String {
        String(decoding: (try? CanonicalJSON.serialize(v)) ?? [], as: UTF8.self)
    }

    /// Writes `request` and reads one answer line before `deadline`, reading stderr alongside.
    private func converse(_ request: [UInt8], deadline: Double) throws(PortFailure) -> [UInt8] {
        guard let group else { throw .exited(status: nil) }
        var written = 0
        var nextExitCheck = MonotonicClock.seconds + Self.exitCheckInterval
        while true {
            if written == request.count, let line = try answers.nextLine() { return line }
            let now = MonotonicClock.seconds
            if now >= deadline {
                throw written < request.count
                    ? PortFailure.requestNotRead(seconds: timeout) : PortFailure.timeout(seconds: timeout)
            }
            if now >= nextExitCheck {
                nextExitCheck = now + Self.exitCheckInterval
                if group.leaderExited { return try lastAnswer(of: group, complete: written == request.count) }
            }
            var fds = [
                pollfd(fd: group.stdoutFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stderrOpen ? group.stderrFD : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: written < request.count ? group.stdinFD : -1, events: Int16(POLLOUT), revents: 0),
            ]
            let wait = min(deadline, nextExitCheck) - now
            let ready = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { throw .exited(status: group.exitStatus) }
            guard ready > 0 else { continue }
            if fds[1].revents != 0 { drainStderr() }
            if fds[2].revents != 0 { written += try writeSome(request, from: written, to: group) }
            if fds[0].revents != 0, readSome(from: group) == 0 {
                // End of file: the port closed its stdout; what it wrote before still counts.
                return try lastAnswer(of: group, complete: written == request.count)
            }
        }
    }

    /// Writes what the pipe takes now; a closed pipe is a crash.
    private func writeSome(_ request: [UInt8], from offset: Int, to group: PortProcessGroup) throws(PortFailure) -> Int
    {
        let n = request.withUnsafeBytes { write(group.stdinFD, $0.baseAddress! + offset, $0.count - offset) }
        if n >= 0 { return n }
        if errno == EAGAIN || errno == EINTR { return 0 }
        _ = group.waitForLeader(0.5)
        throw .exited(status: group.exitStatus)
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
