// The reveal_trigger suite: whether an answer update sends `partner_opened_answer`, to whom, with
// which data (onAnswerRevealed). Expected answers written out by hand.
// Normative: specs/cloud-functions.md §isRevealed and partner_opened_answer.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum RevealTriggerSuite {
    static let name = "reveal_trigger"

    static let flip = VectorFlag(
        "Flip", .basic, .contract, "isRevealed absent or false before, true after: the push is sent (D-CF-52).")
    static let noFlip = VectorFlag(
        "NoFlip", .edgeCase, .contract,
        "Any other update (already true, still false, back to false) sends nothing (D-CF-52).")
    static let recipient = VectorFlag(
        "Recipient", .basic, .contract, "The other member of userIds, never the author; no partner, no push (D-CF-52).")
    static let exact = VectorFlag(
        "ExactIds", .edgeCase, .contract,
        "userId and userIds compare as exact code points: a decomposed spelling is another user (D-CF-62).")
    static let question = VectorFlag(
        "QuestionId", .edgeCase, .contract, "questionId from the answer when non-empty; else absent (push-routing.md).")

    static func answer(_ revealed: JSONValue?, question: JSONValue? = .string("q_default_daily")) -> JSONValue {
        var m: [String: JSONValue] = [
            "userId": .string("alice"), "answerType": .string("text"), "schemaVersion": V.int(2),
            "answerDate": .string("2026-06-15"),
        ]
        if let revealed { m["isRevealed"] = revealed }
        if let question { m["questionId"] = question }
        return .object(m)
    }

    static func couple(_ ids: [JSONValue]) -> JSONValue {
        .object(["id": .string("c1"), "userIds": .array(ids), "encryptionVersion": V.int(2)])
    }

    static let pair = couple([.string("alice"), .string("bob")])

    static func test(
        _ comment: String, _ flags: [VectorFlag], userId: String = "alice", couple c: JSONValue = pair,
        before: JSONValue, after: JSONValue,
        to: String? = nil, questionId: String? = "q_default_daily"
    ) -> VectorCase {
        var out: [(String, JSONValue)] = [("send", .bool(to != nil))]
        if let to {
            var data: [String: JSONValue] = ["type": .string("partner_opened_answer")]
            if let questionId { data["questionId"] = .string(questionId) }
            out += [("recipient", .string(to)), ("data", .object(data))]
        }
        return .valid(
            comment, flags: flags, op: HarnessOpSpec.revealTrigger.name,
            input: [("userId", .string(userId)), ("couple", c), ("before", before), ("after", after)], output: out)
    }

    static func build() throws(CloserError) -> WireSuite {
        let t = JSONValue.bool(true)
        let f = JSONValue.bool(false)
        let cases: [VectorCase] = [
            test("false to true", [flip, recipient], before: answer(f), after: answer(t), to: "bob"),
            test("absent to true", [flip], before: answer(nil), after: answer(t), to: "bob"),
            test("No before document", [flip], before: .null, after: answer(t), to: "bob"),
            test(
                "The author listed second", [recipient], couple: couple([.string("bob"), .string("alice")]),
                before: answer(f), after: answer(t), to: "bob"),
            test("true to true (an updatedAt touch)", [noFlip], before: answer(t), after: answer(t)),
            test("false to false", [noFlip], before: answer(f), after: answer(f)),
            test("true to false", [noFlip], before: answer(t), after: answer(f)),
            test("The string \"true\"", [noFlip], before: answer(f), after: answer(.string("true"))),
            test("isRevealed 1", [noFlip], before: answer(f), after: answer(V.int(1))),
            test("absent to absent", [noFlip], before: answer(nil), after: answer(nil)),
            test(
                "The author not in userIds", [recipient], couple: couple([.string("bob"), .string("carol")]),
                before: answer(f), after: answer(t)),
            test(
                "A couple with only the author", [recipient], couple: couple([.string("alice")]), before: answer(f),
                after: answer(t)),
            test(
                "userIds with a non-string", [recipient], couple: couple([.string("alice"), V.int(7)]),
                before: answer(f), after: answer(t)),
            test("A couple without userIds", [recipient], couple: .object([:]), before: answer(f), after: answer(t)),
            test(
                "No questionId", [question], before: answer(f), after: answer(t, question: nil), to: "bob",
                questionId: nil),
            test(
                "An empty questionId", [question], before: answer(f), after: answer(t, question: .string("")),
                to: "bob",
                questionId: nil),
            test(
                "A numeric questionId", [question], before: answer(f), after: answer(t, question: V.int(3)), to: "bob",
                questionId: nil),
            test(
                "questionId from after", [question], before: answer(f, question: .string("q_old")),
                after: answer(t, question: .string("q_17")), to: "bob", questionId: "q_17"),
            test(
                "A decomposed spelling of the author in userIds is another user", [recipient, exact],
                userId: "alic\u{E9}", couple: couple([.string("alice\u{301}"), .string("bob")]), before: answer(f),
                after: answer(t)),
        ]
        return WireSuite(
            name: name, algorithm: "closer-reveal-trigger",
            header: [
                "onAnswerRevealed (specs/cloud-functions.md §isRevealed and partner_opened_answer): reveal.trigger(userId, couple,",
                "before, after) -> whether partner_opened_answer is sent, to the other member, with the answer's questionId.",
            ],
            groups: [VectorGroup("RevealTrigger", comment: "answer updates", cases: cases)])
    }
}
