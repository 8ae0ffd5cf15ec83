// The reminder.proactive op: sendDailyQuestionProactiveReminder's decision for one daily question.
// Fields: specs/harness.md §"Ops"; semantics: specs/cloud-functions.md
// §sendDailyQuestionProactiveReminder.

import CloserContracts
import CloserWire

extension HarnessOps {
    static let reminders: [HarnessOp] = [
        // reminder.proactive(run, coupleId, questionDate, question, autoClaimed, gentleSent, answers, couple)
        //   -> send, skip?, writes, pushes
        HarnessOp(.reminderProactive) { r throws(CloserError) in
            let run = try r.string("run")
            let coupleId = try r.string("coupleId")
            let questionDate = try r.string("questionDate")
            let question = try objectField(r, "question", nullable: false) ?? .null
            let autoClaimed = try boolField(r, "autoClaimed")
            let gentleSent = try boolField(r, "gentleSent")
            let answers = try stringArray(r, "answers")
            let couple = try objectField(r, "couple", nullable: false) ?? .null
            try documentID(coupleId, "coupleId")
            try documentID(questionDate, "questionDate")
            let state = ProactiveReminderState(
                run: try Instant(rfc3339: run), coupleId: coupleId, questionDate: questionDate, question: question,
                autoClaimed: autoClaimed, gentleSent: gentleSent, answers: answers, couple: couple)
            switch ProactiveReminder.decide(state) {
            case .success(let plan):
                var out = cascade(nil, plan)
                out["send"] = .bool(true)
                return out
            case .failure(let reason):
                var out = cascade(nil, nil)
                out["send"] = .bool(false)
                out["skip"] = .string(reason.skip.rawValue)
                return out
            }
        }
    ]

    static func boolField(_ r: HarnessRequest, _ name: String) throws(CloserError) -> Bool {
        guard case .bool(let b) = try r.json(name) else { throw malformed(name, "must be true or false") }
        return b
    }
}
