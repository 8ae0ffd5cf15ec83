// A port's process in its own process group: spawned with posix_spawn (POSIX_SPAWN_SETPGROUP),
// watched for the exit of its direct child, and ended as a whole group (SIGTERM, then SIGKILL),
// also when the harness itself is interrupted. Normative: specs/threat-model.md §"The port's
// lifecycle", specs/harness.md §"Driver".

import CloserWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `/bin/sh -c COMMAND` as the leader of a new process group, with pipes for its stdin, stdout
/// and stderr (the harness's ends non-blocking and close-on-exec).
final class PortProcessGroup {
    /// The direct child (`/bin/sh`, or what it execs); its pid is the group's id.
    let pid: pid_t
    /// The harness's ends: write to the port's stdin, read its stdout and stderr.
    private(set) var stdinFD: Int32
    let stdoutFD: Int32
    let stderrFD: Int32
    /// The direct child's wait status once reaped.
    private var reapedStatus: Int32? = nil

    /// Spawns the port. Throws the errno text when the pipes or the spawn fail.
    init(command: String) throws(CloserError) {
        var fds: [Int32] = []
        func fail(_ what: String) -> CloserError {
            let text = String(cString: strerror(errno))
            for fd in fds { close(fd) }
            return CloserError(.harnessPortUnusable, "the port could not be started: \(what): \(text)")
        }
        for _ in 0..<3 {
            var pair: [Int32] = [-1, -1]
            guard Self.makePipe(&pair) == 0 else { throw fail("pipe") }
            fds += pair
        }
        // fds: stdin (read, write), stdout (read, write), stderr (read, write).
        let childEnds = [fds[0], fds[3], fds[5]]
        let spawned = Self.spawn(command: command, stdio: childEnds)
        for fd in childEnds { close(fd) }
        fds = [fds[1], fds[2], fds[4]]
        guard spawned.status == 0 else {
            errno = spawned.status
            throw fail("posix_spawn")
        }
        let pid = spawned.pid
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        self.pid = pid
        (stdinFD, stdoutFD, stderrFD) = (fds[0], fds[1], fds[2])
        PortGroupRegistry.shared.add(pid)
    }

    deinit {
        end(grace: 0)
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
    }

    /// A pipe whose two ends are close-on-exec from the start, so that no process spawned at the
    /// same time by another thread inherits them: `pipe2(O_CLOEXEC)` where the C library has it
    /// (looked up at run time: Swift's Glibc module does not export it), else `pipe` + `fcntl`.
    private static func makePipe(_ pair: inout [Int32]) -> Int32 {
        #if os(Linux)
            typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") {  // RTLD_DEFAULT
                return unsafeBitCast(symbol, to: Pipe2.self)(&pair, Int32(O_CLOEXEC))
            }
        #endif
        guard pipe(&pair) == 0 else { return -1 }
        for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// posix_spawn of `/bin/sh -c command` in a new process group, with the default action for
    /// the signals the harness ignores or handles and an empty signal mask.
    private static func spawn(command: String, stdio: [Int32]) -> (pid: pid_t, status: Int32) {
        #if canImport(Darwin)
            var attr: posix_spawnattr_t? = nil
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var attr = posix_spawnattr_t()
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attr)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attr)
            posix_spawn_file_actions_destroy(&actions)
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setsigmask(&attr, &mask)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        for (target, fd) in stdio.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(target)) }
        let arguments: [String] = ["/bin/sh", "-c", command]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { s -> UnsafeMutablePointer<CChar>? in strdup(s) } + [nil]
        let envp = environment.map { s -> UnsafeMutablePointer<CChar>? in strdup(s) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, envp)
        return (pid, status)
    }

    /// Closes the harness's end of the port's stdin (the port reads end of file).
    func closeStdin() {
        if stdinFD >= 0 { close(stdinFD) }
        stdinFD = -1
    }

    /// Whether the direct child has exited (observed without reaping it, so that its pid, the
    /// group's id, cannot be reused before the group is killed).
    var leaderExited: Bool {
        if reapedStatus != nil { return true }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        #if canImport(Darwin)
            return info.si_pid != 0
        #else
            return info._sifields._sigchld.si_pid != 0
        #endif
    }

    /// Waits up to `seconds` for the direct child to exit.
    func waitForLeader(_ seconds: Double) -> Bool {
        let deadline = MonotonicClock.seconds + seconds
        while !leaderExited {
            if MonotonicClock.seconds >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// The direct child's exit status (128 + signal when a signal ended it); nil while it runs.
    var exitStatus: Int32? {
        guard leaderExited else { return nil }
        let status = reap()
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Ends the whole group: `grace` seconds for the leader to exit by itself (its stdin is
    /// closed first), then SIGTERM to the group, up to 0.5 s more, SIGKILL to the group, and the
    /// leader reaped. Idempotent.
    func end(grace: Double) {
        guard reapedStatus == nil else { return }
        closeStdin()
        if grace > 0 { _ = waitForLeader(grace) }
        killpg(pid, SIGTERM)
        _ = waitForLeader(0.5)
        killpg(pid, SIGKILL)
        _ = reap()
    }

    /// Reaps the leader (blocking; it has exited or was killed), once; kills the group first so
    /// that no member outlives it.
    private func reap() -> Int32 {
        if let reapedStatus { return reapedStatus }
        killpg(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reapedStatus = status
        PortGroupRegistry.shared.remove(pid)
        return status
    }
}

/// Seconds on the monotonic clock (deadlines do not move with the wall clock).
enum MonotonicClock {
    static var seconds: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
