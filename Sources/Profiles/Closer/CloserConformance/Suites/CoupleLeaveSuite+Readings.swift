// The couple_leave tests of the other reading of "Voluntary leave + cleanup" (D-CF-67): cleanup
// deletes the couple tree as account deletion does (`deleteRecursive couples/{coupleId}` after
// the partner's queue record, when the couple document is absent or lists the caller). Each is
// a pinned CoupleLeave test with that write appended, and replaces it under --reading
// D-CF-67=manual. Normative: specs/manual-conflicts.md §"Voluntary leave and cleanup",
// specs/vectors.md §"Test" (`reading`).

import CloserVectorModel
import CloserWire

extension CoupleLeaveSuite {
    static let manualReading = VectorFlag(
        "ManualReading", .manualConflict, .contract,
        "The other reading of a ManualConflict (`reading` names it; D-CF-67): run only with --reading D-CF-67=manual.")

    /// The manual-reading twin of every pinned leave (`pinned[i]` is tcId i + 1: the first group)
    /// whose cleanup deletes the couple tree.
    static func manualReadings(of pinned: [VectorCase]) -> [VectorCase] {
        pinned.enumerated().compactMap { i, c in
            guard let step = c.steps.first, case .output(var output) = step.expected,
                output.first?.1 == .string("left"),
                let caller = input(step, "caller"),
                case .string(let coupleId)? = input(step, "callerUser")?["coupleId"],
                let couple = input(step, "couple"), couple == .null || lists(couple, caller),
                let w = output.firstIndex(where: { $0.0 == "writes" }), case .array(var writes) = output[w].1
            else { return nil }
            writes.append(C.delete("couples/\(coupleId)", recursive: true))
            output[w] = ("writes", .array(writes))
            return VectorCase.valid(
                c.comment + "; cleanup deletes the couple tree", flags: [manualReading], op: step.op, input: step.input,
                output: output
            )
            .citing(VectorPin("D-CF-67", .refuse)).reading("D-CF-67", .manual, replaces: [i + 1])
        }
    }

    static func input(_ step: VectorStep, _ name: String) -> JSONValue? {
        step.input.first { $0.0 == name }?.1
    }

    /// The couple document's `userIds` holds `caller` exactly (the account-deletion rule): code
    /// point for code point (D-CF-62), not by Swift's canonical equivalence of `String`.
    static func lists(_ couple: JSONValue, _ caller: JSONValue) -> Bool {
        guard case .array(let ids)? = couple["userIds"], case .string(let uid) = caller else { return false }
        return ids.contains { id in
            guard case .string(let s) = id else { return false }
            return s.unicodeScalars.elementsEqual(uid.unicodeScalars)
        }
    }
}
