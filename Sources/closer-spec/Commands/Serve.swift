import ArgumentParser
import CloserHarness
import ProfileRegistry

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
        let server = HarnessServer(profiles: AppProfiles.all)
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
