// Newline-delimited input for `closer-spec serve`: harness protocol v1's line transport.
// Normative: specs/harness.md §"Framing" (LF, a trailing CR ignored, 16 MiB per line).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One unit of input: a line, or a line that exceeded the limit (its bytes are skipped).
package enum InputLine: Equatable, Sendable {
    case line([UInt8])
    case tooLong
}

/// Reads newline-terminated lines from a file descriptor, in bounded memory: a line longer
/// than `limit` bytes is reported as `.tooLong` and the rest of it skipped unread into memory.
package struct LineReader {
    let fd: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false

    package init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line (without LF and a trailing CR), or nil at end of input.
    package mutating func next() -> InputLine? {
        var line: [UInt8] = []
        var overlong = false
        while true {
            if start < buffer.count {
                if let nl = buffer[start...].firstIndex(of: 0x0a) {
                    if !overlong { line += buffer[start..<nl] }
                    start = nl + 1
                    if line.last == 0x0d { line.removeLast() }
                    if !overlong && line.count > limit { overlong = true }
                    return overlong ? .tooLong : .line(line)
                }
                if !overlong { line += buffer[start...] }
                if line.count > limit {
                    overlong = true
                    line = []
                }
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if eof {
                if overlong { return .tooLong }
                return line.isEmpty ? nil : .line(line)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n <= 0 {
                eof = true
            } else {
                buffer = Array(chunk[0..<n])
                start = 0
            }
        }
    }
}
