import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows that slow work (Argon2id at production cost) is running: a spinner on stderr,
/// only when stderr is a terminal, erased when the work ends. Never shows secrets.
enum Progress {
    static func run<T>(_ label: String, _ work: () throws -> T) rethrows -> T {
        guard isatty(STDERR_FILENO) == 1 else { return try work() }
        let spinner = Spinner(label: label)
        let thread = Thread { spinner.loop() }
        thread.start()
        defer { spinner.stop() }
        return try work()
    }

    private final class Spinner: @unchecked Sendable {
        let label: String
        private let condition = NSCondition()
        private var done = false
        private var finished = false

        init(label: String) { self.label = label }

        func loop() {
            let frames = ["|", "/", "-", "\\"]
            let start = Date()
            var i = 0
            condition.lock()
            while !done {
                let elapsed = String(format: "%.1f", Date().timeIntervalSince(start))
                FileHandle.standardError.write(Data("\r\(frames[i % frames.count]) \(label) \(elapsed) s".utf8))
                i += 1
                _ = condition.wait(until: Date().addingTimeInterval(0.1))
            }
            FileHandle.standardError.write(Data("\r\u{1b}[K".utf8))
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        func stop() {
            condition.lock()
            done = true
            condition.broadcast()
            while !finished { condition.wait() }
            condition.unlock()
        }
    }
}
