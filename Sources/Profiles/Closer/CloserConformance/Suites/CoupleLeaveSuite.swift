// The couple_leave suite: what leaveCoupleCallable with onCoupleLeave writes and sends. Expected
// answers written out by hand. Normative: specs/cloud-functions.md §leaveCouple and account deletion.

import CloserHarness
import CloserVectorModel
import CloserWire

enum CoupleLeaveSuite {
    static let name = "couple_leave"
    typealias C = CascadeValues

    static let unlink = VectorFlag(
        "Unlink", .basic, .contract, "Both users' coupleId deleted, the caller's first (D-CF-53).")
    static let keep = VectorFlag(
        "KeepCouple", .basic, .contract, "The couple document and its subcollections are kept (D-CF-53).")
    static let told = VectorFlag(
        "PartnerTold", .basic, .contract, "One partner_left queue record and push to the linked partner (D-CF-53).")
    static let repeated = VectorFlag(
        "RepeatedLeave", .edgeCase, .contract,
        "No coupleId (absent, null, empty, not a string): nothing (D-CF-53, D-CF-57).")
    static let linked = VectorFlag(
        "LinkedPartner", .edgeCase, .contract,
        "Only a partner whose coupleId names the couple is unlinked and told (D-CF-57).")
    static let exact = VectorFlag(
        "ExactIds", .edgeCase, .contract,
        "Ids and coupleIds compare as exact code points: a precomposed and a decomposed spelling differ (D-CF-62).")
    static let notDocumentID = VectorFlag(
        "NotDocumentId", .edgeCase, .contract,
        "A coupleId or userIds member with \"/\" is not a document id: unpaired, or no partner (D-CF-63).")
    static let unauthenticated = VectorFlag(
        "Unauthenticated", .missingStep, .contract, "No caller: unauthenticated, nothing written (D-CF-10).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "A field of the wrong type, or a caller that is not a document id.")

    static func test(
        _ comment: String, _ flags: [VectorFlag], caller: JSONValue = .string("alice"), callerUser: JSONValue = C.c1,
        couple: JSONValue = C.pair, partnerUser: JSONValue = C.c1, outcome: String, writes: [JSONValue] = [],
        pushes: [JSONValue] = []
    ) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.coupleLeave.name,
            input: [("caller", caller), ("callerUser", callerUser), ("couple", couple), ("partnerUser", partnerUser)],
            output: [("outcome", .string(outcome)), ("writes", .array(writes)), ("pushes", .array(pushes))])
    }

    static let full = [C.unlink("alice"), C.unlink("bob"), C.queue("bob", "partner_left")]
    static let told1 = [C.push("bob", "partner_left")]
    static let alone = [C.unlink("alice")]

    static func build() throws(CloserError) -> WireSuite {
        let leaves = cases()
        return WireSuite(
            name: name, algorithm: "closer-couple-leave",
            header: [
                "leaveCoupleCallable with onCoupleLeave (specs/cloud-functions.md §leaveCouple and account deletion):",
                "couple.leave(caller, callerUser, couple, partnerUser) -> outcome, the ordered writes, the pushes.",
            ],
            groups: [
                VectorGroup("CoupleLeave", comment: "leaves", cases: leaves),
                VectorGroup("CoupleLeaveRefused", comment: "requests the op refuses", cases: refused()),
                VectorGroup(
                    "CoupleLeaveManualReading", comment: "cleanup deletes the couple tree (D-CF-67)",
                    cases: manualReadings(of: leaves)),
            ])
    }

    static func cases() -> [VectorCase] {
        let u = C.user
        let ab = [unlink, keep, told]
        return [
            test("Alice leaves: both unlinked, Bob told", ab, outcome: "left", writes: full, pushes: told1),
            test(
                "The caller listed second", ab, couple: C.couple([.string("bob"), .string("alice")]), outcome: "left",
                writes: full, pushes: told1),
            test("A repeated leave: no coupleId", [repeated], callerUser: u(nil), outcome: "noop"),
            test("coupleId null", [repeated], callerUser: u(.null), outcome: "noop"),
            test("coupleId empty", [repeated], callerUser: u(.string("")), outcome: "noop"),
            test("coupleId a number", [repeated], callerUser: u(V.int(7)), outcome: "noop"),
            test("No users document", [repeated], callerUser: .null, outcome: "noop"),
            test("The couple document is gone", [linked], couple: .null, outcome: "left", writes: alone),
            test("The partner's users document is gone", [linked], partnerUser: .null, outcome: "left", writes: alone),
            test("The partner already unlinked", [linked], partnerUser: u(nil), outcome: "left", writes: alone),
            test(
                "The partner in another couple", [linked], partnerUser: u(.string("c2")), outcome: "left", writes: alone
            ),
            test(
                "The caller not in userIds", [linked], couple: C.couple([.string("bob"), .string("carol")]),
                outcome: "left", writes: alone),
            test("A couple of one", [linked], couple: C.couple([.string("alice")]), outcome: "left", writes: alone),
            test(
                "userIds with a non-string", [linked], couple: C.couple([.string("alice"), .string("bob"), V.int(7)]),
                outcome: "left", writes: alone),
            test(
                "An empty partner id is skipped", [linked],
                couple: C.couple([.string("alice"), .string(""), .string("bob")]),
                outcome: "left", writes: full, pushes: told1),
            test(
                "A decomposed spelling of the caller in userIds is another user", [exact],
                caller: .string("alic\u{E9}"), couple: C.couple([.string("alice\u{301}"), .string("bob")]),
                outcome: "left", writes: [C.unlink("alic\u{E9}")]),
            test(
                "The partner's coupleId spelled decomposed is another couple", [exact],
                callerUser: u(.string("caf\u{E9}")), partnerUser: u(.string("cafe\u{301}")), outcome: "left",
                writes: alone),
            test(
                "A coupleId with a slash is unpaired", [notDocumentID], callerUser: u(.string("c/1")), outcome: "noop"),
            test(
                "A partner id with a slash is no partner", [notDocumentID],
                couple: C.couple([.string("alice"), .string("b/ob")]), outcome: "left", writes: alone),
            test("No caller", [unauthenticated], caller: .null, outcome: "unauthenticated"),
            test(
                "No caller and no document", [unauthenticated], caller: .null, callerUser: .null,
                outcome: "unauthenticated"),
        ]
    }

    static func refused() -> [VectorCase] {
        let bad: [(String, [(String, JSONValue)])] = [
            ("An empty caller", [("caller", .string(""))]),
            ("A caller with a slash", [("caller", .string("alice/x"))]),
            ("A numeric caller", [("caller", V.int(7))]),
            ("callerUser an array", [("callerUser", .array([]))]),
            ("couple a string", [("couple", .string("c1"))]),
            ("partnerUser true", [("partnerUser", .bool(true))]),
        ]
        return bad.map { comment, change in
            var input: [(String, JSONValue)] = [
                ("caller", .string("alice")), ("callerUser", C.c1), ("couple", C.pair), ("partnerUser", C.c1),
            ]
            for (k, v) in change { input = input.map { $0.0 == k ? (k, v) : $0 } }
            return .invalid(
                comment, flags: [badRequest], op: HarnessOpSpec.coupleLeave.name, input: input,
                error: RequestCodes.malformedRequest,
                layer: .request)
        }
    }
}
