// Slots that concurrent iterations (`DispatchQueue.concurrentPerform`) fill, one each, so that
// work done in parallel is reported in a fixed order: vector generation and `verify`.

import CoreWire

/// Slots written once each from concurrent iterations.
package final class ParallelResults<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = Lock()
    package init(count: Int) { slots = Array(repeating: nil, count: count) }
    package subscript(i: Int) -> T? {
        get { lock.withLock { slots[i] } }
        set { lock.withLock { slots[i] = newValue } }
    }
    package var values: [T?] { lock.withLock { slots } }
}
