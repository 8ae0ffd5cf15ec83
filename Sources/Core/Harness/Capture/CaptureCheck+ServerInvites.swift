// Server-side capture sections of the invite callables: `acceptInviteWrites` (acceptInviteCallable,
// op acceptInvite.evaluate) and `createInviteWrites` (createInviteCallable, op
// createInvite.evaluate). specs/capture.md §"Server-side captures"; the semantics are
// specs/cloud-functions.md §acceptInviteCallable server behaviour, §createInviteCallable server
// behaviour; the decision ids are those of specs/decisions/cloud-functions.md and contracts.md.

import CloserWire

extension CaptureCheck {
    /// The decisions an accept's outcome shows, by the op's refusal reason (`accepted` for none).
    static let acceptOutcomeIDs: [String: [String]] = [
        "accepted": ["D-CF-36", "D-CF-37", "D-CF-38", "D-CF-64"], "unauthenticated": ["D-CONTRACTS-08"],
        "rate_limited": ["D-CF-20", "D-CF-34"], "not_found": ["D-CF-39"], "not_pending": ["D-CF-21"],
        "expired": ["D-CF-38"], "own_invite": ["D-CF-21", "D-CF-62"], "already_paired": ["D-CF-36"],
        "missing_encryption_material": ["D-CF-37", "D-CF-64"],
    ]
    /// The decisions an observed `HttpsError` code may contradict (any check that answers it).
    static let acceptHttpsIDs: [String: [String]] = [
        "unauthenticated": ["D-CONTRACTS-08"], "resource-exhausted": ["D-CF-20", "D-CF-34"],
        "not-found": ["D-CF-39"], "failed-precondition": ["D-CF-21", "D-CF-36", "D-CF-37", "D-CF-38", "D-CF-64"],
    ]

    static func checkAcceptInviteWrites(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let (input, observed) = try serverParts(s)
        guard case .success(let out) = try runOp(.acceptInviteEvaluate, input, s.name) else {
            throw CloserError(
                .captureMissingMember, "\(s.name).input is refused by \(HarnessOpSpec.acceptInviteEvaluate.name)")
        }
        let reason = out["reason"]?.stringValue ?? "accepted"
        compareOutcome(
            predicted: out["outcome"], observed: observed["outcome"], ids: acceptOutcomeIDs[reason] ?? ["D-CF-21"],
            byObserved: acceptHttpsIDs, s.name, into: &r)
        compareMember(
            "attempt", predicted: out["attempt"], observed: observed, ids: ["D-CF-33", "D-CF-35"], s.name, into: &r)
        compareMember(
            "response", predicted: out["response"], observed: observed, ids: ["D-CONTRACTS-04", "D-CONTRACTS-05"],
            s.name,
            into: &r)
        compareMember("couple", predicted: out["couple"], observed: observed, ids: ["D-CF-40"], s.name, into: &r)
        compareMember("linkUsers", predicted: out["linkUsers"], observed: observed, ids: ["D-CF-40"], s.name, into: &r)
        compareMember(
            "inviteUpdate", predicted: out["inviteUpdate"], observed: observed, ids: ["D-CF-22", "D-CF-23", "D-CF-65"],
            s.name, into: &r)
    }

    /// The decisions a create's outcome shows, by the op's outcome.
    static let createOutcomeIDs: [String: [String]] = [
        "created": ["D-CF-74"], "already-exists": ["D-CF-69", "D-CF-74"], "unauthenticated": ["D-CONTRACTS-08"],
        "invalid-argument": ["D-CF-74"],
    ]

    static func checkCreateInviteWrites(_ s: CaptureSection, into r: inout CaptureReport) throws(CloserError) {
        let (input, observed) = try serverParts(s)
        guard case .success(let out) = try runOp(.createInviteEvaluate, input, s.name) else {
            throw CloserError(
                .captureMissingMember, "\(s.name).input is refused by \(HarnessOpSpec.createInviteEvaluate.name)")
        }
        let outcome = out["outcome"]?.stringValue ?? ""
        compareOutcome(
            predicted: out["outcome"], observed: observed["outcome"], ids: createOutcomeIDs[outcome] ?? ["D-CF-74"],
            byObserved: createOutcomeIDs, s.name, into: &r)
        compareMember(
            "response", predicted: out["response"], observed: observed, ids: ["D-CONTRACTS-03"], s.name, into: &r)
        var writes: [JSONValue] = []
        if case .array(let w)? = out["writes"] { writes = w }
        compareMember(
            "invite", predicted: writtenDocument(writes, pathPrefix: "invites/"), observed: observed,
            ids: ["D-CONTRACTS-06", "D-CF-73", "D-CF-74"], s.name, into: &r)
        compareMember(
            "queue", predicted: writtenDocument(writes, pathSuffix: "/notification_queue"), observed: observed,
            ids: ["D-CF-71", "D-CF-74"], s.name, into: &r)
    }

    /// The members of the op's write to a matching path, with each server timestamp member
    /// required as a timestamp of any instant; nil when the op writes none there.
    static func writtenDocument(_ writes: [JSONValue], pathPrefix: String = "", pathSuffix: String = "") -> JSONValue? {
        for case .object(let w) in writes {
            guard let path = w["path"]?.stringValue, path.hasPrefix(pathPrefix), path.hasSuffix(pathSuffix),
                case .object(var members)? = w["members"]
            else { continue }
            if case .array(let stamps)? = w["serverTimestamps"] {
                for case .string(let name) in stamps { members[name] = ServerCaptureMatch.anyTimestamp }
            }
            return .object(members)
        }
        return nil
    }

    /// Compares the call's outcome (`accepted`/`created` or the `HttpsError` code). A difference
    /// contradicts the decisions of the predicted outcome and of the observed code ("one of").
    static func compareOutcome(
        predicted: JSONValue?, observed: JSONValue?, ids: [String], byObserved: [String: [String]], _ section: String,
        into r: inout CaptureReport
    ) {
        guard let observed else { return }
        guard let seen = observed.stringValue, let expected = predicted?.stringValue else {
            r.notes.append("\(section).observed.outcome is not a string; not compared")
            return
        }
        if seen == expected {
            r.confirm(ids, section, "outcome \(expected) is what the op computes")
        } else {
            let all = Array(Set(ids + (byObserved[seen] ?? []))).sorted(by: DecisionOrder.less)
            r.contradict(
                all, section,
                "outcome \(CloserError.quoted(String(seen.prefix(40)))) where the op computes \(expected) (one of these)"
            )
        }
    }
}
