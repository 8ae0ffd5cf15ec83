// The partner_joined suite: what a successful acceptInviteCallable sends the inviter, through
// acceptInvite.partnerJoined. Expected answers written out by hand. Normative:
// specs/cloud-functions.md §partner_joined.

import CloserHarness
import CloserVectorModel
import CloserWire

enum PartnerJoinedSuite {
    static let name = "partner_joined"

    static let inviterTold = VectorFlag(
        "InviterTold", .basic, .contract,
        "One partner_joined queue record and one push with coupleId, to the inviter only (D-CF-72).")
    static let badRequest = VectorFlag(
        "MalformedRequest", .basic, .request, "An id that is not a document id, or the inviter as acceptor.")

    static func input(_ inviter: JSONValue, _ acceptor: JSONValue, _ couple: JSONValue) -> [(String, JSONValue)] {
        [("inviterUserId", inviter), ("acceptorUserId", acceptor), ("coupleId", couple)]
    }

    static func told(_ comment: String, inviter: String, acceptor: String, coupleId: String) -> VectorCase {
        .valid(
            comment, flags: [inviterTold], op: HarnessOpSpec.acceptInvitePartnerJoined.name,
            input: input(.string(inviter), .string(acceptor), .string(coupleId)),
            output: [
                (
                    "writes",
                    .array([
                        .object([
                            "kind": .string("add"), "path": .string("users/\(inviter)/notification_queue"),
                            "members": .object(["type": .string("partner_joined"), "read": .bool(false)]),
                            "serverTimestamps": .array([.string("createdAt")]),
                        ])
                    ])
                ),
                (
                    "pushes",
                    .array([
                        .object([
                            "recipient": .string(inviter),
                            "data": .object(["type": .string("partner_joined"), "coupleId": .string(coupleId)]),
                        ])
                    ])
                ),
            ]
        ).citing(VectorPin("D-CF-72", .accept))
    }

    static func build() throws(CloserError) -> WireSuite {
        let bad: [(String, [(String, JSONValue)])] = [
            ("An empty inviter", input(.string(""), .string("bob"), .string("couple-1"))),
            ("A coupleId with a slash", input(.string("alice"), .string("bob"), .string("c/1"))),
            ("A numeric acceptor", input(.string("alice"), V.int(7), .string("couple-1"))),
            (
                "The inviter as acceptor (own invites are refused)",
                input(.string("alice"), .string("alice"), .string("couple-1"))
            ),
        ]
        return WireSuite(
            name: name, algorithm: "closer-partner-joined",
            header: [
                "What a successful acceptInviteCallable sends (specs/cloud-functions.md §partner_joined):",
                "acceptInvite.partnerJoined(inviterUserId, acceptorUserId, coupleId) -> writes, pushes.",
            ],
            groups: [
                VectorGroup(
                    "PartnerJoined", comment: "the inviter is told",
                    cases: [
                        told("Alice's invite accepted by Bob", inviter: "alice", acceptor: "bob", coupleId: "couple-1"),
                        told(
                            "Ids compare exactly: alic\\u0065\\u0301 and alic\\u00e9 are two users",
                            inviter: "alic\u{65}\u{301}",
                            acceptor: "alic\u{e9}", coupleId: "couple-\u{e9}"
                        ).citing(VectorPin("D-CF-62", .accept)),
                    ]),
                VectorGroup(
                    "PartnerJoinedRequest", comment: "requests the op refuses",
                    cases: bad.map { comment, input in
                        .invalid(
                            comment, flags: [badRequest], op: HarnessOpSpec.acceptInvitePartnerJoined.name,
                            input: input,
                            error: RequestCodes.malformedRequest, layer: .request)
                    }),
            ])
    }
}
