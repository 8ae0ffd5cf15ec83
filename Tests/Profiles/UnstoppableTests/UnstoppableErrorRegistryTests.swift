// The Unstoppable profile's error codes: every code declared under Sources/Profiles/Unstoppable/ is in
// the profile's registry (the AppProfile's errorCodes), and specs/profiles/unstoppable/errors.md
// lists exactly those codes with their categories; none is also a core code.

import CloserWire
import Unstoppable
import UnstoppableConformance
import Foundation
import Testing

@Suite("Unstoppable error registry")
struct UnstoppableErrorRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the profile's registry is its page, and every code its sources declare is registered")
    func registry() throws {
        let registered = UnstoppableConformance.profile.errorCodes
        #expect(registered == CloserError.Code.allUnstoppable)
        let page = try #require(Self.text("specs/profiles/unstoppable/errors.md"))
        let row = try Regex(#"^\| `([a-z0-9_]+\.[a-z0-9_.]+)` \| ([a-z_]+) \|"#)
        var listed: [String: String] = [:]
        for line in page.split(separator: "\n") {
            guard let m = String(line).firstMatch(of: row) else { continue }
            listed[String(m.output[1].substring ?? "")] = String(m.output[2].substring ?? "")
        }
        #expect(Set(listed.keys) == Set(registered.map(\.rawValue)))
        for code in registered { #expect(listed[code.rawValue] == code.category.rawValue, "\(code)") }
        let declaration = try Regex(#"Self\(\s*"([a-z0-9_.]+)",\s*\.(\w+)\s*\)"#)
        let base = Self.root.appendingPathComponent("Sources/Profiles/Unstoppable").path
        var declared: Set<String> = []
        for rel in FileManager.default.enumerator(atPath: base)?.compactMap({ $0 as? String }) ?? []
        where rel.hasSuffix(".swift") {
            let text = try String(contentsOfFile: base + "/" + rel, encoding: .utf8)
            for m in text.matches(of: declaration) { declared.insert(String(m.output[1].substring ?? "")) }
        }
        #expect(declared == Set(registered.map(\.rawValue)))
        #expect(Set(registered.map(\.rawValue)).isDisjoint(with: CloserError.Code.all.map(\.rawValue)))
    }
}
