// specs/rules.md §"Paths": document paths and match patterns.

import CloserWire
import Testing

@testable import CloserRules

@Suite struct PathTests {
    @Test func parsesDocumentAndCollectionPaths() throws {
        let p = try DocumentPath(parsing: "/couples/c1/daily_question/2025-03-14")
        #expect(p.segments == ["couples", "c1", "daily_question", "2025-03-14"])
        #expect(p.isDocument && p.string == "couples/c1/daily_question/2025-03-14")
        #expect(try DocumentPath(parsing: "users").isCollection)
    }

    @Test(arguments: [
        "", "/", "users//alice", "users/alice/", "users/./x", "users/..", "users/__name__", "users/a\nb",
        String(repeating: "a/", count: 101) + "a", "users/" + String(repeating: "x", count: 1501),
    ])
    func refusesBadPaths(text: String) {
        #expect(throws: CloserError.self) { try DocumentPath(parsing: text) }
    }

    @Test func patternMatchBindsWildcards() throws {
        let pattern = CloserRulePaths.answer
        let path = try DocumentPath(parsing: "couples/c1/daily_question/2025-03-14/answers/alice")
        #expect(
            pattern.match(path, asCollection: false)?.bindings == [
                "coupleId": "c1", "date": "2025-03-14", "userId": "alice",
            ])
        #expect(
            pattern.match(try DocumentPath(parsing: "couples/c1/daily_question/2025-03-14"), asCollection: false) == nil
        )
        #expect(pattern.template == "couples/{coupleId}/daily_question/{date}/answers/{userId}")
    }

    @Test func listMatchesTheCollectionWithTheLastWildcardUnbound() throws {
        let m = CloserRulePaths.answer.match(
            try DocumentPath(parsing: "couples/c1/daily_question/2025-03-14/answers"), asCollection: true)
        #expect(m?.bindings == ["coupleId": "c1", "date": "2025-03-14"])
        #expect(m?.unbound == ["userId"])
        // A literal last segment never matches a query.
        let secure = try DocumentPath(parsing: "couples/c/daily_question/d/answers/u/secure")
        #expect(CloserRulePaths.securePayload.match(secure, asCollection: true) == nil)
    }

    @Test func gameSessionsMatchOnlyTheFourGames() throws {
        for game in CloserRulePaths.gameCollections {
            let path = try DocumentPath(parsing: "couples/c/\(game)/s")
            #expect(CloserRulePaths.gameSession.match(path, asCollection: false) != nil)
        }
        #expect(
            CloserRulePaths.gameSession.match(try DocumentPath(parsing: "couples/c/poker/s"), asCollection: false)
                == nil)
    }

    @Test func patternsDoNotShadowEachOther() throws {
        // Every pattern, instantiated, is matched by itself first.
        for pattern in CloserRulePaths.all {
            let segments = pattern.segments.map { seg -> String in
                switch seg {
                case .literal(let s): s
                case .variable: "x1"
                case .oneOf(_, let ids): ids[0]
                }
            }
            let path = try DocumentPath(segments: segments)
            let first = CloserRulePaths.all.first { $0.match(path, asCollection: false) != nil }
            #expect(first?.id == pattern.id, "\(pattern.template) is shadowed by \(first?.template ?? "nothing")")
        }
    }
}
