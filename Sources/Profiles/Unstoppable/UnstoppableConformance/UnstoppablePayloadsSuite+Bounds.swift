// unstoppable_payloads, appended group: pins exercised at their bounds, each test citing the decision
// it decides and its side (specs/vectors.md §Test `pins`; specs/decisions/bounds.json).

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    /// Appended in 1.2.0: `date` names a real date in the years 0001–9999 (D-UNST-19): the first and
    /// the last day accepted (year 0000 and the impossible dates are refused in UnstoppableRequest);
    /// a routine of 100 tasks, the bound of D-UNST-08, accepted (101 is refused there).
    static func boundCases() throws(CloserError) -> [VectorCase] {
        func day(_ d: String) -> String { #"{"date":"\#(d)","completed":1,"total":2,"completedTaskIds":["t1"]}"# }
        let tasks = (1...UnstoppableEndpoints.maximumTasks).map { #"{"id":"t\#($0)","title":"x","isCompleted":false}"# }
        return [
            try validate("date 0001-01-01 (the first day)", [date], progress, .request, day("0001-01-01")),
            try validate("date 9999-12-31 (the last day)", [date], progress, .request, day("9999-12-31")),
        ].map { $0.citing(VectorPin("D-UNST-19", .accept)) } + [
            try validate(
                "100 tasks (the bound)", [shape], routine, .request,
                #"{"routineTime":"07:05","tasks":[\#(tasks.joined(separator: ","))]}"#
            ).citing(VectorPin("D-UNST-08", .accept))
        ]
    }
}
