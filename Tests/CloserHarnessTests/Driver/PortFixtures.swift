// Tiny port scripts for the driver's lifecycle tests, written to a private temporary folder, and
// the process checks those tests make (is a pid gone; a zombie left to a non-reaping init counts
// as gone). Normative: specs/threat-model.md §"The port's lifecycle".

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class PortFixtures {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "closer-port-fixtures-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// Writes `text` to `name` in the folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A Python port: answers `info` with `ops`, then runs `body` (Python statements with `req`,
    /// the request object, and `answer(obj)`) for every other request.
    func pythonPort(ops: [String], body: String) throws -> String {
        let opsList = ops.map { "\"\($0)\"" }.joined(separator: ", ")
        let script = """
            import json, os, sys
            def answer(obj):
                sys.stdout.write(json.dumps(obj) + "\\n")
                sys.stdout.flush()
            for line in sys.stdin:
                req = json.loads(line)
                if req.get("op") == "info":
                    answer({"id": req["id"], "ok": True, "implementation": "fixture", "ops": [\(opsList)]})
                    continue
            \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))

            """
        return "python3 " + (try file("port-\(UUID().uuidString).py", script))
    }

    /// The pid a fixture wrote to `name`, once the file is there (up to 5 s).
    func pid(in name: String) -> pid_t? {
        for _ in 0..<500 {
            if let text = try? String(contentsOfFile: dir + "/" + name, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            usleep(10_000)
        }
        return nil
    }

    /// Whether `pid` is gone (or a zombie) within `seconds`.
    static func isGone(_ pid: pid_t, within seconds: Double = 3) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                stat[stat.index(close, offsetBy: 2)] == "Z"
            {
                return true
            }
            usleep(20_000)
        } while Date() < deadline
        return false
    }
}
