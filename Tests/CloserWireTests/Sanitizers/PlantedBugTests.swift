// Planted bugs that prove the sanitizer stages can fail (specs/threat-model.md §Sanitizers).
// Each test is disabled unless CLOSER_PLANTED_BUG names it: `make test-asan` runs the overflow
// and `make test-tsan` the race once more after the real run, and each stage fails unless its
// sanitizer reports the planted bug. In a normal run they are skipped and count for nothing.

import Foundation
import Testing

private let planted = ProcessInfo.processInfo.environment["CLOSER_PLANTED_BUG"]

/// Shared state written from two threads without a lock: the data race TSan must report.
private final class RacyCounter: @unchecked Sendable {
    var count = 0
}

@Suite("Planted bugs (sanitizer self-checks)")
struct PlantedBugTests {
    @Test(.enabled(if: planted == "race", "only when CLOSER_PLANTED_BUG=race"))
    func plantedDataRace() {
        // Two threads of their own (concurrentPerform may run both iterations on one thread),
        // released together so that their unsynchronized writes overlap in time: a run where one
        // thread finished before the other started once went unreported.
        let counter = RacyCounter()
        let done = DispatchGroup()
        let ready = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            done.enter()
            Thread.detachNewThread {
                ready.signal()
                start.wait()
                for _ in 0..<1_000_000 { counter.count += 1 }
                done.leave()
            }
        }
        ready.wait()
        ready.wait()
        start.signal()
        start.signal()
        done.wait()
        #expect(counter.count > 0)
    }

    @Test(.enabled(if: planted == "overflow", "only when CLOSER_PLANTED_BUG=overflow"))
    func plantedHeapOverflow() {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        let index = Int(ProcessInfo.processInfo.environment["CLOSER_PLANTED_INDEX"] ?? "16") ?? 16
        buffer[index] = 1  // one past the end: a heap-buffer-overflow ASan must report
        #expect(buffer[0] == buffer[0])
    }
}
