// The process groups of the ports running now, so that SIGINT, SIGTERM or SIGHUP of the harness
// ends them before the harness dies (a port's group is not the terminal's foreground group, so a
// ^C would not reach it). Normative: specs/threat-model.md §"The port's lifecycle".

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class PortGroupRegistry: @unchecked Sendable {
    static let shared = PortGroupRegistry()
    /// Slots the signal handler reads without a lock (a group id, or 0). More ports at once than
    /// slots are still ended by the driver; only the signal path misses them.
    static let capacity = 64
    let slots: UnsafeMutablePointer<Int32>
    private let lock = NSLock()

    private init() {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: 0, count: Self.capacity)
        Self.installHandlers()
    }

    func add(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for i in 0..<Self.capacity where slots[i] == 0 {
            slots[i] = group
            return
        }
    }

    func remove(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for i in 0..<Self.capacity where slots[i] == group { slots[i] = 0 }
    }

    /// SIGINT, SIGTERM and SIGHUP, where their action is the default one: kill every registered
    /// group, then die of the signal as before. SIGPIPE is ignored (a port that closes its stdin
    /// is a crash of the port, not of the harness).
    private static func installHandlers() {
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig, portGroupSignalHandler)
            if previous != nil { signal(sig, previous) }  // someone else handles or ignores it
        }
    }
}

/// Async-signal-safe: reads the slots, calls killpg, restores the default action and re-raises.
private func portGroupSignalHandler(_ sig: Int32) {
    let slots = PortGroupRegistry.shared.slots
    for i in 0..<PortGroupRegistry.capacity {
        let group = slots[i]
        if group > 0 { killpg(group, SIGKILL) }
    }
    signal(sig, SIG_DFL)
    raise(sig)
}
