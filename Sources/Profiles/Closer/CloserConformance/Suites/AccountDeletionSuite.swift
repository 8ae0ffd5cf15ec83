// The account_deletion suite: what onUserDelete deletes, updates and sends. Expected answers
// written out by hand. Normative: specs/cloud-functions.md §leaveCouple and account deletion.

import CloserHarness
import CloserVectorModel
import CloserWire

enum AccountDeletionSuite {
    static let name = "account_deletion"
    typealias C = CascadeValues

    static let trees = VectorFlag(
        "DeleteTrees", .basic, .contract,
        "The couple tree, the user's tree and the rate limit are deleted, in the page's order (D-CF-54, D-CF-58).")
    static let told = VectorFlag(
        "PartnerTold", .basic, .contract,
        "The linked partner's coupleId deleted, one partner_deleted_account queue record and push (D-CF-54).")
    static let invites = VectorFlag(
        "PendingInvites", .edgeCase, .contract,
        "Only the user's pending invites are deleted, in the order given (D-CF-58).")
    static let unpaired = VectorFlag(
        "Unpaired", .edgeCase, .contract, "No coupleId: no couple tree, no partner (D-CF-57).")
    static let foreign = VectorFlag(
        "ForeignCouple", .edgeCase, .contract,
        "A couple that does not list the user is kept; a partner not linked to it is not told (D-CF-57, D-CF-58).")
    static let exact = VectorFlag(
        "ExactIds", .edgeCase, .contract,
        "The uid, userIds and inviterUserId compare as exact code points (no normalisation, D-CF-62).")
    static let notDocumentID = VectorFlag(
        "NotDocumentId", .edgeCase, .contract,
        "A coupleId or userIds member with \"/\" is not a document id: unpaired, or no partner (D-CF-63).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "A field of the wrong type, or a uid or code that is not a document id.")

    static let tail = [C.delete("rate_limits/alice_gentle_reminder"), C.delete("users/alice", recursive: true)]
    static let tree = C.delete("couples/c1", recursive: true)
    static let partner = [C.unlink("bob"), C.queue("bob", "partner_deleted_account")]
    static let pushed = [C.push("bob", "partner_deleted_account")]

    static func invite(_ code: String, _ inviter: JSONValue?, _ status: JSONValue?) -> JSONValue {
        var doc: [String: JSONValue] = ["encryptedBlob": .string("AAAA")]
        if let inviter { doc["inviterUserId"] = inviter }
        if let status { doc["status"] = status }
        return .object(["code": .string(code), "document": .object(doc)])
    }

    static func test(
        _ comment: String, _ flags: [VectorFlag], uid: String = "alice", user: JSONValue = C.c1,
        couple: JSONValue = C.pair,
        partnerUser: JSONValue = C.c1, invites: [JSONValue] = [], writes: [JSONValue], pushes: [JSONValue] = []
    ) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.accountDelete.name,
            input: [
                ("uid", .string(uid)), ("user", user), ("couple", couple), ("partnerUser", partnerUser),
                ("invites", .array(invites)),
            ],
            output: [("writes", .array(writes)), ("pushes", .array(pushes))])
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-account-deletion",
            header: [
                "onUserDelete (specs/cloud-functions.md §leaveCouple and account deletion): account.delete(uid, user, couple,",
                "partnerUser, invites) -> the ordered writes (partner, couple tree, invites, rate limit, user tree) and the push.",
            ],
            groups: [
                VectorGroup("AccountDeletion", comment: "deletions", cases: cases()),
                VectorGroup("AccountDeletionRefused", comment: "requests the op refuses", cases: refused()),
            ])
    }

    static func cases() -> [VectorCase] {
        let u = C.user
        let mixed = [
            invite("ABC", .string("alice"), .string("pending")), invite("DEF", .string("alice"), .string("accepted")),
            invite("GHI", .string("carol"), .string("pending")), invite("JKL", .string("alice"), .string("pending")),
            invite("MNO", .string("alice"), nil), invite("PQR", nil, .string("pending")),
            invite("STU", .string("alice"), .string("PENDING")),
        ]
        return [
            test("Alice deleted: everything", [trees, told], writes: partner + [tree] + tail, pushes: pushed),
            test(
                "Pending invites of the user only, in the order given", [invites], invites: mixed,
                writes: partner + [tree, C.delete("invites/ABC"), C.delete("invites/JKL")] + tail, pushes: pushed),
            test("An unpaired user", [unpaired], user: u(nil), writes: tail),
            test("coupleId null", [unpaired], user: u(.null), writes: tail),
            test("coupleId empty", [unpaired], user: u(.string("")), writes: tail),
            test(
                "No users document, pending invites", [unpaired, invites], user: .null,
                invites: [invite("ABC", .string("alice"), .string("pending"))], writes: [C.delete("invites/ABC")] + tail
            ),
            test(
                "The couple document is gone: its leftovers are deleted", [foreign], couple: .null,
                writes: [tree] + tail),
            test(
                "A couple that does not list the user is kept", [foreign],
                couple: C.couple([.string("bob"), .string("carol")]), writes: tail),
            test(
                "userIds with a non-string: kept", [foreign], couple: C.couple([.string("alice"), V.int(7)]),
                writes: tail),
            test("The partner's document is gone", [foreign], partnerUser: .null, writes: [tree] + tail),
            test("The partner already left", [foreign], partnerUser: u(nil), writes: [tree] + tail),
            test("The partner in another couple", [foreign], partnerUser: u(.string("c2")), writes: [tree] + tail),
            test(
                "A couple of one", [foreign], couple: C.couple([.string("alice")]), writes: [tree] + tail),
            test("coupleId a number", [unpaired], user: u(V.int(7)), writes: tail),
            test(
                "A decomposed spelling of the uid in userIds and as inviter is another user", [exact, foreign],
                uid: "alic\u{E9}", couple: C.couple([.string("alice\u{301}"), .string("bob")]),
                invites: [invite("ABC", .string("alice\u{301}"), .string("pending"))],
                writes: [
                    C.delete("rate_limits/alic\u{E9}_gentle_reminder"), C.delete("users/alic\u{E9}", recursive: true),
                ]
            ),
            test("A coupleId with a slash is unpaired", [notDocumentID], user: u(.string("c/1")), writes: tail),
            test(
                "A partner id with a slash is no partner", [notDocumentID],
                couple: C.couple([.string("alice"), .string("b/ob")]), writes: [tree] + tail),
        ]
    }

    static func refused() -> [VectorCase] {
        let bad: [(String, String, JSONValue)] = [
            ("An empty uid", "uid", .string("")),
            ("A uid with a slash", "uid", .string("alice/x")),
            ("A null uid", "uid", .null),
            ("user an array", "user", .array([])),
            ("couple a string", "couple", .string("c1")),
            ("invites an object", "invites", .object([:])),
            ("An invite without its document", "invites", .array([.object(["code": .string("ABC")])])),
            ("An invite code with a slash", "invites", .array([invite("A/B", .string("alice"), .string("pending"))])),
            ("An invite that is a string", "invites", .array([.string("ABC")])),
            (
                "An invite with a third member", "invites",
                .array([.object(["code": .string("ABC"), "document": .object([:]), "x": .null])])
            ),
            ("An empty invite code", "invites", .array([invite("", .string("alice"), .string("pending"))])),
            ("An invite document null", "invites", .array([.object(["code": .string("ABC"), "document": .null])])),
            (
                "An invite document an array", "invites",
                .array([.object(["code": .string("ABC"), "document": .array([])])])
            ),
        ]
        return bad.map { comment, field, value in
            var input: [(String, JSONValue)] = [
                ("uid", .string("alice")), ("user", C.c1), ("couple", C.pair), ("partnerUser", C.c1),
                ("invites", .array([])),
            ]
            input = input.map { $0.0 == field ? (field, value) : $0 }
            return .invalid(
                comment, flags: [badRequest], op: HarnessOpSpec.accountDelete.name, input: input,
                error: RequestCodes.malformedRequest,
                layer: .request)
        }
    }
}
