// Paths, member names and question ids are compared as Firestore compares them, scalar by scalar,
// not as Swift's String does (grapheme clusters, canonical equivalence). The JVM port's first
// explore run of doc.validate (seed 7) found "users/\u{1DAAB}/outcomes/day_0" refused as an unknown
// path: String.split kept the `/` and the combining mark after it in one segment. Expected values
// are the pages' (documents.md §Paths, §Order of checks; cloud-functions.md §Question ids), which
// the Node and JVM ports (String.split / Java's split on "/", exact equality) also answer.

import CloserContracts
import CloserWire
import Testing

@Suite("scalar-exact paths, member names and question ids")
struct ScalarExactIDTests {
    static func detail(_ path: String, _ doc: [String: JSONValue]) -> String? {
        do {
            try DocumentShape.validate(path: path, document: .object(doc)) { $0 == "UTC" }
            return nil
        } catch { return error.code.rawValue }
    }

    static let outcome: [String: JSONValue] = [
        "answers": .object([:]), "submittedAt": .object(["timestampValue": .string("2026-01-01T00:00:00Z")]),
    ]

    @Test("a combining mark after a slash does not join two segments", arguments: ["\u{301}", "\u{1DAAB}", "\u{200D}"])
    func slashThenCombiningMark(mark: String) {
        #expect(Self.detail("users/\(mark)/outcomes/day_0", Self.outcome) == nil)
        #expect(Self.detail("users/a\(mark)/outcomes/day_45", Self.outcome) == "document.invalid_id")
    }

    @Test("other members are named in code-point order, not in the order of their NFC forms")
    func memberOrder() {
        // "a\u{301}" (U+0061 U+0301) comes before "coupleId"; its NFC form "á" (U+00E1) after.
        #expect(
            Self.detail("users/u", ["coupleId": .string("c"), "a\u{301}": .bool(true)]) == "document.unknown_member")
        #expect(Self.detail("users/u", ["coupleId": .string("c"), "\u{E1}": .bool(true)]) == "document.server_member")
    }

    static func manifest(_ ids: [String]) -> JSONValue {
        .object([
            "format": .string("closer-questions/1"),
            "questions": .array(ids.map { .object(["id": .string($0), "file": .string("seed/questions/a.json")]) }),
        ])
    }

    static func scalars(_ texts: [String]) -> [[UInt32]] { texts.map { $0.unicodeScalars.map(\.value) } }

    @Test("canonically equivalent question ids are two Firestore documents")
    func equivalentIDs() throws {
        let ids = try QuestionManifest.ids(of: Self.manifest(["\u{E9}", "e\u{301}", "q_default_daily"]))
        #expect(ids.count == 3)
        let report = QuestionManifest.check(
            seed: ["\u{E9}", "q_default_daily"], firestore: ["e\u{301}", "q_default_daily"], assigned: ["e\u{301}"])
        // Compared as scalars: String's == would take either spelling for the other.
        #expect(Self.scalars(report.missingFromFirestore) == Self.scalars(["\u{E9}"]))
        #expect(Self.scalars(report.missingFromSeed) == Self.scalars(["e\u{301}"]))
        #expect(Self.scalars(report.unresolvedAssigned) == Self.scalars(["e\u{301}"]))
        #expect(!report.consistent)
    }

    @Test("a slash or reserved underscores followed by a combining mark still count")
    func idBytes() {
        #expect(!QuestionManifest.isDocumentID("q/\u{301}"))
        #expect(!QuestionManifest.isDocumentID("__\u{301}q__"))
        #expect(QuestionManifest.isDocumentID(".\u{301}"))
    }

    @Test("ids are sorted by code point: U+FF5E before U+1F600 (UTF-16 order would swap them)")
    func codePointOrder() {
        let report = QuestionManifest.check(seed: ["\u{1F600}", "\u{FF5E}", "z"], firestore: [], assigned: [])
        #expect(report.missingFromFirestore == ["z", "\u{FF5E}", "\u{1F600}"])
    }
}
