// The unstoppable_payloads suite's task-count group: `tasks` holds "≤ 100" tasks
// (specs/profiles/unstoppable/payloads.md §Bodies, D-UNST-08), so exactly 100 is accepted; 101 is
// refused in the request group ("101 tasks").

import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    static func taskCountBoundCases() throws(CloserError) -> [VectorCase] {
        let hundred = (1...UnstoppableEndpoints.maximumTasks).map {
            #"{"id":"t\#($0)","title":"x","isCompleted":\#($0 % 2 == 0)}"#
        }
        return [
            try validate(
                "100 tasks (the bound)", [valid], routine, .request,
                #"{"routineTime":"07:05","tasks":[\#(hundred.joined(separator: ","))]}"#
            ).citing(VectorPin("D-UNST-08", .accept))
        ]
    }
}
