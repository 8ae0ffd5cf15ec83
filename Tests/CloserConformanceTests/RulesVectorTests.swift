// vectors/rules.json (specs/rules.md §"Vectors"): the committed file is exactly what the
// generator makes, and every vector gives its expected decision through the library, the
// rules.evaluate harness op, closer-spec check's library path, and the built binary.

import CloserRules
import CloserWire
import Foundation
import Testing

@testable import CloserConformance
@testable import CloserHarness
@testable import CloserVectorModel
@testable import closer_spec

enum PackageFiles {
    /// The package root (two levels above this file's directory).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relative).path).map(Array.init)
    }
}

/// One vector as the tests read it.
struct RulesVector: Sendable {
    let tcId: Int
    let invariant: String
    let comment: String
    let flags: [String]
    let request: JSONValue
    let allow: Bool
    let violations: [String]
    let findings: [String]  // "invariant field code"

    static let all: [RulesVector] = {
        guard let bytes = PackageFiles.bytes("vectors/rules.json"), let file = try? JSONValue(parsing: bytes),
            case .array(let groups)? = file["testGroups"]
        else { return [] }
        var out: [RulesVector] = []
        for group in groups {
            guard case .array(let tests)? = group["tests"], let invariant = group["invariant"]?.stringValue else {
                continue
            }
            for t in tests {
                guard case .number(let id)? = t["tcId"], let request = t["request"], let expected = t["expected"],
                    case .bool(let allow)? = expected["allow"], case .array(let v)? = expected["violations"],
                    case .array(let f)? = expected["findings"], case .array(let flags)? = t["flags"]
                else { continue }
                out.append(
                    RulesVector(
                        tcId: Int(id), invariant: invariant, comment: t["comment"]?.stringValue ?? "",
                        flags: flags.compactMap(\.stringValue), request: request, allow: allow,
                        violations: v.compactMap(\.stringValue), findings: f.map(RulesVector.finding)))
            }
        }
        return out
    }()

    static func finding(_ f: JSONValue) -> String {
        [f["invariant"], f["field"], f["code"]].map { $0?.stringValue ?? "?" }.joined(separator: " ")
    }

    static func findings(_ d: RulesDecision) -> [String] {
        d.findings.map { "\($0.invariant) \($0.field) \($0.code)" }
    }
}

@Suite struct RulesVectorTests {
    @Test func committedVectorsAreExactlyTheGeneratorsOutput() throws {
        // The manifest lists the committed kill matrix, which is measured, not generated.
        for file in try CloserVectorSet.set.generate(killMatrix: PackageFiles.bytes("vectors/kill-matrix.json")) {
            let committed = PackageFiles.bytes("vectors/" + file.name) ?? []
            // Report where they differ, not the megabytes themselves.
            let firstDifference =
                Array(zip(committed, file.bytes)).firstIndex { $0.0 != $0.1 } ?? min(committed.count, file.bytes.count)
            #expect(
                committed == file.bytes,
                "vectors/\(file.name) is stale (first difference at byte \(firstDifference) of \(committed.count) vs \(file.bytes.count)): run make vectors"
            )
        }
    }

    @Test func specsTablesAreUpToDate() throws {
        for document in RulesSpecTable.documents {
            guard let bytes = PackageFiles.bytes("specs/" + document.name) else {
                Issue.record("specs/\(document.name) is missing")
                continue
            }
            let current = String(decoding: bytes, as: UTF8.self)
            let fresh = try RulesSpecTable.replaceGenerated(in: current, render: document.render)
            #expect(fresh == current, "specs/\(document.name) is stale: run make vectors")
        }
    }

    @Test func fileShape() throws {
        let file = try JSONValue(parsing: PackageFiles.bytes("vectors/rules.json") ?? [])
        #expect(file["algorithm"] == .string("closer-firestore-rules"))
        #expect(file["schema"] == .string("rules_vectors_v1"))
        #expect(file["numberOfTests"] == .number(Double(RulesVector.all.count)))
        #expect(RulesVector.all.map(\.tcId) == Array(1...RulesVector.all.count))
        guard case .object(let notes)? = file["notes"] else {
            Issue.record("no notes")
            return
        }
        let used = Set(RulesVector.all.flatMap(\.flags))
        for flag in used {
            #expect(notes[flag]?["bugType"]?.stringValue != nil, "flag \(flag) is not explained in notes")
        }
    }

    /// Acceptance: every invariant has at least one allowed and two denied vectors, and the
    /// denied ones name it.
    @Test func everyInvariantHasAllowAndDenyVectors() {
        for inv in CloserRuleSet.v1.catalogue {
            let group = RulesVector.all.filter { $0.invariant == inv.id.rawValue }
            let allows = group.filter(\.allow)
            let denies = group.filter { !$0.allow }
            #expect(allows.count >= 1, "\(inv.id): no allow vector")
            #expect(denies.count >= 2, "\(inv.id): fewer than two deny vectors")
            #expect(denies.allSatisfy { $0.violations.contains(inv.id.rawValue) }, "\(inv.id)")
        }
    }

    @Test func everyVectorThroughTheLibrary() throws {
        #expect(RulesVector.all.count > 400)
        for v in RulesVector.all {
            let d = try RulesVectorReplay.evaluate(vectorRequest: v.request)
            #expect(d.allow == v.allow, "tc \(v.tcId) \(v.comment)")
            #expect(d.violationIDs.map(\.rawValue) == v.violations, "tc \(v.tcId) \(v.comment)")
            #expect(RulesVector.findings(d) == v.findings, "tc \(v.tcId) \(v.comment)")
        }
    }

    @Test func everyVectorThroughTheHarnessOp() throws {
        let server = HarnessServer()
        for v in RulesVector.all {
            guard case .object(var fields) = v.request else { continue }
            fields["id"] = .number(Double(v.tcId))
            fields["op"] = .string("rules.evaluate")
            let line = try CanonicalJSON.serialize(.object(fields))
            let response = try JSONValue(parsing: Array(server.respond(toLine: line).utf8))
            #expect(response["ok"] == .bool(true), "tc \(v.tcId): \(response)")
            #expect(response["id"] == .number(Double(v.tcId)))
            #expect(response["allow"] == .bool(v.allow), "tc \(v.tcId) \(v.comment)")
            #expect(response["violations"] == .array(v.violations.map(JSONValue.string)), "tc \(v.tcId)")
            guard case .array(let findings)? = response["findings"] else {
                Issue.record("tc \(v.tcId): no findings array")
                continue
            }
            #expect(findings.map(RulesVector.finding) == v.findings, "tc \(v.tcId)")
        }
    }

    /// `closer-spec check` runs `RulesCheckFiles.run` on files: replay every vector that way, with
    /// the world as a directory tree (even tcIds) or as one JSON file (odd).
    @Test func everyVectorThroughTheCheckCommandsLibraryPath() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("closer-rules-check-\(getpid())")
        defer { try? FileManager.default.removeItem(at: base) }
        for v in RulesVector.all {
            let dir = base.appendingPathComponent("tc\(v.tcId)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            func write(_ value: JSONValue, _ name: String) throws -> String {
                let url = dir.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(try CanonicalJSON.serialize(value)).write(to: url)
                return url.path
            }
            let r = v.request
            let document = try r["data"].flatMap { $0 == .null ? nil : try write($0, "data.json") }
            let existing = try r["existing"].flatMap { $0 == .null ? nil : try write($0, "existing.json") }
            var world: String?
            if case .object(let docs)? = r["world"], !docs.isEmpty {
                if v.tcId % 2 == 0 {
                    for (path, doc) in docs { _ = try write(doc, "world/" + path + ".json") }
                    world = dir.appendingPathComponent("world").path
                } else {
                    world = try write(.object(docs), "world.json")
                }
            }
            let d = try RulesCheckFiles.run(
                path: r["path"]?.stringValue ?? "", method: r["method"]?.stringValue ?? "",
                auth: r["auth"]?["uid"]?.stringValue, document: document, existing: existing, world: world)
            #expect(d.allow == v.allow, "tc \(v.tcId) \(v.comment)")
            #expect(d.violationIDs.map(\.rawValue) == v.violations, "tc \(v.tcId)")
            #expect(RulesVector.findings(d) == v.findings, "tc \(v.tcId)")
            try? FileManager.default.removeItem(at: dir)
        }
    }

    /// The built binary agrees on a few vectors (an allow, a deny, a finding, a query).
    @Test func theBuiltBinaryAgrees() throws {
        let binary =
            ProcessInfo.processInfo.environment["CLOSER_SPEC_BIN"]
            ?? PackageFiles.root.appendingPathComponent(".build/debug/closer-spec").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("SKIP: \(binary) is not built; the binary check is skipped")
            return
        }
        let picks = [
            RulesVector.all.first { $0.allow && $0.findings.isEmpty },
            RulesVector.all.first { !$0.allow && $0.violations.count > 1 },
            RulesVector.all.first { !$0.findings.isEmpty },
            RulesVector.all.first { $0.request["method"] == .string("list") && !$0.allow },
        ].compactMap { $0 }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("closer-rules-bin-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for v in picks {
            var args = [
                "check", "--path", v.request["path"]?.stringValue ?? "", "--method",
                v.request["method"]?.stringValue ?? "",
            ]
            if let uid = v.request["auth"]?["uid"]?.stringValue { args += ["--auth", uid] }
            for (key, flag) in [("existing", "--existing"), ("world", "--world")] {
                if let value = v.request[key], value != .null {
                    let url = dir.appendingPathComponent("\(v.tcId)-\(key).json")
                    try Data(try CanonicalJSON.serialize(value)).write(to: url)
                    args += [flag, url.path]
                }
            }
            if let data = v.request["data"], data != .null {
                let url = dir.appendingPathComponent("\(v.tcId)-data.json")
                try Data(try CanonicalJSON.serialize(data)).write(to: url)
                args.append(url.path)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = args
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == (v.allow ? 0 : 1), "tc \(v.tcId): \(output)")
            #expect(output.hasPrefix(v.allow ? "ALLOW" : "DENY"), "tc \(v.tcId)")
            for id in v.violations { #expect(output.contains("violated \(id):"), "tc \(v.tcId) \(id)") }
            if !v.findings.isEmpty { #expect(output.contains("rules accept, wire rejects"), "tc \(v.tcId)") }
        }
    }
}
