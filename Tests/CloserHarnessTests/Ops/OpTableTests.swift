// Handlers and the op table agree: every handler reads only the fields its declaration lists, in
// the declared order, and every vector step's request replays through the handler with a read log
// (specs/harness.md §"Ops": fields are listed in the order CloserSpec reads them).

import CloserWire
import Foundation
import Testing

@testable import CloserHarness
@testable import CloserVectorModel

@Suite("op table")
struct OpTableTests {
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// The fields `op` reads for `fields`, in order.
    static func reads(_ op: HarnessOp, _ fields: [String: JSONValue]) -> [String]
    {
        var request = HarnessRequest(id: .number(1), op: op.name, fields: fields)
        let log = FieldReadLog()
        request.readLog = log
        request.ruleSets = AppProfile.closer.ruleSet.map { ["closer": $0] } ?? [:]
        _ = try? op.handler(request)
        // `backend` is CloserSpec's extension field of the Argon2id ops, not a row field.
        return log.read.filter { !(op.spec.runsArgon2 && $0 == "backend") }
    }

    /// True when `read` is `declared` with some members left out, in the same order.
    static func isSubsequence(_ read: [String], of declared: [String]) -> Bool {
        var rest = declared[...]
        for name in read {
            guard let i = rest.firstIndex(of: name) else { return false }
            rest = rest[(i + 1)...]
        }
        return true
    }

    @Test("every vector step reads its op's declared fields, in order, and every field gets read")
    func vectorsReplay() throws {
        let ops = Dictionary(uniqueKeysWithValues: AppProfile.closer.ops.map { ($0.name, $0) })
        var seen: [String: Set<String>] = [:]
        let suites = try VectorDirectory(path: Self.root + "/vectors").suites()
        #expect(!suites.isEmpty)
        for suite in suites {
            for test in suite.tests {
                for step in test.steps {
                    guard let op = ops[step.op] else { continue }
                    let declared = op.spec.fields.map(\.name)
                    let read = Self.reads(op, step.input)
                    #expect(
                        Self.isSubsequence(read, of: declared),
                        "\(op.name) read \(read), declared \(declared) (\(suite.name) tcId \(test.tcID))")
                    seen[op.name, default: []].formUnion(read)
                }
            }
        }
        for (name, read) in seen {
            let declared = Set(ops[name]!.spec.fields.map(\.name))
            #expect(read == declared, "\(name): declared but never read: \(declared.subtracting(read).sorted())")
        }
    }

    @Test("every op, given no field, reads its first declared field first (ops without vectors included)")
    func emptyRequest() {
        for op in AppProfile.closer.ops {
            let read = Self.reads(op, [:])
            #expect(read.first == op.spec.fields.first?.name, "\(op.name) reads \(read)")
        }
    }
}
