// The daily-question document a client reads at an instant (specs/date-keys.md), and
// the screen a push notification opens (specs/push-routing.md).

import CloserContracts
import CloserWire

let key = try DateKey.dailyQuestion(at: try Instant(rfc3339: "2025-03-15T22:59:59Z"))  // "2025-03-14"

let (type, route) = try PushRouting.route(data: ["type": "reveal_ready", "questionId": "q_0042"])
print(type, route)  // revealReady answerReveal(questionId=q_0042)
// snippet.hide
precondition(key == "2025-03-14")
precondition(type == .revealReady && route == PushRoute("answerReveal", ["questionId": "q_0042"]))
