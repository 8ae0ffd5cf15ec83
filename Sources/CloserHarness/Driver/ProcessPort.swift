// A port's process: started with `/bin/sh -c <command>`, spoken to with JSON Lines over its
// stdin/stdout, with a per-request timeout. A crash, hang or out-of-order answer is a
// `PortFailure`, never a crash of the harness. Normative: specs/harness.md §"Driver".

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
    private var process: Process?
    private var input: FileHandle?
    private var outputFD: Int32 = -1
    private var buffer: [UInt8] = []
    /// The port's standard error goes to this file (its tail is shown on a crash).
    let stderrPath = NSTemporaryDirectory() + "closer-harness-port-\(getpid())-stderr.txt"

    package init(command: String, timeout: Double) {
        self.command = command
        self.timeout = timeout
    }

    /// Starts (or restarts) the process.
    package func start() throws {
        stop()
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        p.standardInput = stdinPipe
        p.standardOutput = stdoutPipe
        p.standardError = FileHandle(forWritingAtPath: stderrPath)
        try p.run()
        process = p
        input = stdinPipe.fileHandleForWriting
        outputFD = stdoutPipe.fileHandleForReading.fileDescriptor
        buffer = []
    }

    /// Ends the process (closing its stdin first, then terminating it if it lingers).
    package func stop() {
        guard let p = process else { return }
        try? input?.close()
        let deadline = Date().addingTimeInterval(2)
        while p.isRunning && Date() < deadline { usleep(10_000) }
        if p.isRunning {
            p.terminate()
            usleep(50_000)
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        }
        process = nil
        input = nil
    }

    deinit { stop() }

    /// The last lines the port wrote to standard error.
    package var stderrTail: String {
        let data = FileManager.default.contents(atPath: stderrPath) ?? Data()
        return String(decoding: data.suffix(2048), as: UTF8.self)
    }

    package var isRunning: Bool { process?.isRunning ?? false }

    package func send(_ request: [String: JSONValue]) throws(PortFailure) -> JSONValue {
        guard let p = process, p.isRunning, let input else { throw .exited(status: process?.terminationStatus) }
        var line: [UInt8]
        do { line = try CanonicalJSON.serialize(.object(request)) } catch {
            throw .unreadableResponse("request could not be encoded")
        }
        line.append(0x0a)
        let wrote = line.withUnsafeBytes { buf -> Bool in
            var off = 0
            while off < buf.count {
                let n = write(input.fileDescriptor, buf.baseAddress! + off, buf.count - off)
                if n <= 0 { return false }
                off += n
            }
            return true
        }
        guard wrote else { throw .exited(status: exitStatus()) }
        let response = try readLine()
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

    private func exitStatus() -> Int32? {
        guard let p = process else { return nil }
        let deadline = Date().addingTimeInterval(0.5)
        while p.isRunning && Date() < deadline { usleep(5_000) }
        return p.isRunning ? nil : p.terminationStatus
    }

    /// Reads one line within the timeout.
    private func readLine() throws(PortFailure) -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let nl = buffer.firstIndex(of: 0x0a) {
                var line = Array(buffer[..<nl])
                buffer.removeFirst(nl + 1)
                if line.last == 0x0d { line.removeLast() }
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw .timeout(seconds: timeout) }
            var pfd = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(remaining, 1.0) * 1000) + 1)
            if ready < 0 { throw .exited(status: exitStatus()) }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, 65536) }
            if n <= 0 { throw .exited(status: exitStatus()) }
            buffer += chunk[0..<n]
            if buffer.count > 64 * 1024 * 1024 { throw .unreadableResponse("response line over 64 MiB") }
        }
    }
}
