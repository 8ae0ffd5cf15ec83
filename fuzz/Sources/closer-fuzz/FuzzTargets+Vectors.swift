// The vector-file reader and the divergences-file reader: both read files a port's CI may get
// from anyone (specs/threat-model.md §"The port and the vector set are untrusted").

import CloserVectorModel
import CloserWire

@testable import CloserHarness

extension FuzzTargets {
    // MARK: vector file

    static func vectorFile(_ data: ArraySlice<UInt8>) {
        let suite: LoadedSuite
        do throws(CloserError) { suite = try VectorFile.load(Array(data), name: "fuzz") } catch {
            requireCategory(error, [.decodeError], "VectorFile.load")
            return
        }
        // Every number the reader turned into an Int is the whole number the file carries.
        let limit = 1 << 53
        require(abs(suite.numberOfTests) <= limit, "numberOfTests \(suite.numberOfTests) outside ±2^53")
        guard let json = try? JSONValue(parsing: data) else { return require(false, "loaded but does not parse") }
        require(json["numberOfTests"] == .number(Double(suite.numberOfTests)), "numberOfTests is not the file's")
        for test in suite.tests {
            require(abs(test.tcID) <= limit, "tcId \(test.tcID) outside ±2^53")
            require(!test.steps.isEmpty, "a test without steps")
            require(test.suite == "fuzz", "a test of another suite")
        }
        // Loading is a function of the bytes, and verify's shape check never traps on it.
        let again = try? VectorFile.load(Array(data), name: "fuzz")
        require(again?.tests.map(\.tcID) == suite.tests.map(\.tcID), "loading twice differs")
        var report = VerifyReport()
        VectorVerifier.checkShape(suite, &report)
    }

    // MARK: divergences file (harness --known-failures)

    static func divergences(_ data: ArraySlice<UInt8>) {
        let known: KnownFailures
        do throws(CloserError) { known = try KnownFailures(parsing: Array(data)) } catch {
            requireCategory(error, [.decodeError, .malformedRequest], "KnownFailures")
            return
        }
        for (key, reason) in known.reasons {
            require(!reason.isEmpty, "an empty reason was accepted")
            require(abs(key.tcID) <= 1 << 53, "tcId \(key.tcID) outside ±2^53")
            require(known.reason(suite: key.suite, tcID: key.tcID) == reason, "look-up differs")
        }
    }
}
