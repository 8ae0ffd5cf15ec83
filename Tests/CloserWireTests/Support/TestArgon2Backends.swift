// Stand-in Argon2id backends for CloserWire's own tests (CloserWire has no Argon2 of its
// own; the real backends are tested in CloserWireArgon2Tests).

import CloserWire
import Foundation
import Testing

/// Not Argon2id: a cheap deterministic function of (password, salt, parameters), so the
/// wrap logic can be tested without Argon2 cost. Different inputs give different keys.
struct FakeArgon2Backend: Argon2idBackend {
    var name: String { "fake" }
    func deriveKey(password: [UInt8], salt: [UInt8], parameters: Argon2idParameters) throws(CloserError) -> [UInt8] {
        let seed =
            password + [0xff] + salt + [0xff]
            + Array("\(parameters.memoryKiB),\(parameters.iterations),\(parameters.parallelism)".utf8)
        return SeededRandom(seed: seed).bytes(parameters.outputLength)
    }
}

/// Counts calls and never derives anything: proves that a refusal happened before Argon2.
final class CountingArgon2Backend: Argon2idBackend, @unchecked Sendable {
    private let lock = NSLockLite()
    private var count = 0
    var calls: Int { lock.locked { count } }
    var name: String { "counting" }
    func deriveKey(password: [UInt8], salt: [UInt8], parameters: Argon2idParameters) throws(CloserError) -> [UInt8] {
        lock.locked { count += 1 }
        return [UInt8](repeating: 0, count: parameters.outputLength)
    }
}

/// A backend that returns the wrong length (a broken injected backend).
struct ShortArgon2Backend: Argon2idBackend {
    var name: String { "short" }
    func deriveKey(password: [UInt8], salt: [UInt8], parameters: Argon2idParameters) throws(CloserError) -> [UInt8] {
        [0, 1, 2]
    }
}

final class NSLockLite: @unchecked Sendable {
    private let lock = NSLock()
    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Asserts that `body` throws a CloserError with `code`; returns it.
@discardableResult
func expectCode<T>(
    _ code: CloserError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(CloserError) -> T
) -> CloserError? {
    do {
        _ = try body()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error
    }
}
