import ArgumentParser
import CloserVectors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `closer-spec serve`: harness protocol v1 over stdin/stdout (specs/harness.md).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Speak harness protocol v1 (JSON Lines) on stdin/stdout.",
        discussion: "One request per line, one response per line, in order. Ends at end of input.")

    func run() throws {
        // A client that closes its end must not kill the server with SIGPIPE; writes then fail
        // and the server reads on to end of input.
        signal(SIGPIPE, SIG_IGN)
        let server = HarnessServer()
        var reader = LineReader(fd: 0, limit: HarnessServer.maximumLineLength)
        server.serve(readLine: { reader.next() }) { line in
            var out = Array(line.utf8)
            out.append(0x0a)
            out.withUnsafeBytes { buf in
                var off = 0
                while off < buf.count {
                    let n = write(1, buf.baseAddress! + off, buf.count - off)
                    if n <= 0 { return }
                    off += n
                }
            }
        }
    }
}

/// Reads newline-terminated lines from a file descriptor. A line longer than `limit` is
/// returned truncated to `limit + 1` bytes (so the caller can refuse it) and the rest skipped.
struct LineReader {
    let fd: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    mutating func next() -> [UInt8]? {
        var line: [UInt8] = []
        var overlong = false
        while true {
            if start < buffer.count {
                if let nl = buffer[start...].firstIndex(of: 0x0a) {
                    if !overlong { line += buffer[start..<nl] }
                    start = nl + 1
                    if line.last == 0x0d { line.removeLast() }
                    return overlong ? Array(repeating: 0x20, count: limit + 1) : line
                }
                if !overlong { line += buffer[start...] }
                if line.count > limit { overlong = true; line = [] }
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if eof {
                return (line.isEmpty && !overlong) ? nil : (overlong ? Array(repeating: 0x20, count: limit + 1) : line)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n <= 0 { eof = true } else { buffer = Array(chunk[0..<n]); start = 0 }
        }
    }
}
