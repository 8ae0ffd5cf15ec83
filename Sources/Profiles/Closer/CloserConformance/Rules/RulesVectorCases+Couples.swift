// Rules vector cases: invites, couples (coupleCreate and the immutability helpers), daily_question.
// Normative: specs/rules.md.

import CloserVectorModel
import CloserRules
import CloserWire

private typealias F = RulesFixture
private typealias P = RulesVectorFixtures

extension RulesVectorFixtures {
    var coupleGroups: [RulesCaseGroup] {
        inviteGroups + coupleCreateGroups + coupleCreateE2EEGroups + coupleUpdateGroups + dailyQuestionGroups
    }

    /// invites/{code}.
    private var inviteGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let invite = inviteDoc(inviter: alice)
        return [
            RulesCaseGroup(
                "invites.read.inviter_only",
                [
                    allow("Inviter reads their invite", [], .get(P.invite(), alice, existing: invite)),
                    deny(
                        "Someone else reads an invite by code (enumeration)", [.wrongPrincipal],
                        .get(P.invite(), bob, existing: invite)),
                    deny("Unfiltered query over invites", [.wrongPrincipal, .query], .list("invites", alice)),
                    deny("Reading a code that does not exist", [.wrongPrincipal], .get(P.invite("Q2W3E4"), alice)),
                ]),
            RulesCaseGroup(
                "invites.read.valid_code",
                [
                    allow("Six alphanumerics", [], .get(P.invite(), alice, existing: invite)),
                    deny("Five characters", [.shape], .get(P.invite("K7Q2X"), alice, existing: invite)),
                    deny("A separator in the code", [.shape], .get(P.invite("K7Q-XM"), alice, existing: invite)),
                ]),
            RulesCaseGroup(
                "invites.write.server_only",
                [
                    allow("Inviter reads their invite", [], .get(P.invite(), alice, existing: invite)),
                    deny("Client writes an invite directly", [.serverOnly], .create(P.invite(), alice, invite)),
                    deny(
                        "Client accepts an invite directly", [.serverOnly],
                        .update(
                            P.invite(), bob, from: invite, to: invite.merging(["status": .string("accepted")]) { $1 })),
                    deny("Client deletes an invite", [.serverOnly], .delete(P.invite(), alice, existing: invite)),
                ]),
        ]
    }

    /// couples/{coupleId}: reads and creates.
    private var coupleCreateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let sam = F.sam
        let conflict: [RulesFlag] = [.manualConflict]
        return [
            RulesCaseGroup(
                "couples.read.members_only",
                [
                    allow("Member reads the couple", [], .get(P.couple(), bob)),
                    deny("Outsider reads a couple", [.wrongPrincipal], .get(P.couple(), mallory)),
                    deny("Unfiltered query over couples", [.wrongPrincipal, .query], .list("couples", alice)),
                    deny("Reading a couple that does not exist", [.wrongPrincipal], .get(P.couple("couple-9"), alice)),
                ]),
            RulesCaseGroup(
                "couples.create.caller_is_member",
                [
                    allow(
                        "Unpaired user creates a strict couple with a partner", [.realWireValue] + conflict,
                        coupleCreate { _ in }),
                    deny(
                        "Creating a couple for two other people", conflict,
                        coupleCreate({ $0["userIds"] = J.list(["pat", "quinn"]) }, as: sam)),
                    deny(
                        "Unpaired user creates a couple that lists others", conflict,
                        coupleCreate({ $0["userIds"] = J.list([sam, "quinn"]) }, as: "pat")),
                ]),
            RulesCaseGroup(
                "couples.create.two_members",
                [
                    allow("Exactly two members", conflict, coupleCreate { _ in }),
                    deny("One member", [.shape] + conflict, coupleCreate { $0["userIds"] = J.list([sam]) }),
                    deny(
                        "The same member twice", [.shape] + conflict,
                        coupleCreate { $0["userIds"] = J.list([sam, sam]) }),
                    deny(
                        "Three members", [.shape] + conflict,
                        coupleCreate { $0["userIds"] = J.list([sam, "pat", "quinn"]) }),
                ]),
            RulesCaseGroup(
                "couples.create.not_already_paired",
                [
                    allow("Caller's user doc has coupleId null", conflict, coupleCreate { _ in }),
                    deny(
                        "Caller already in a couple", [.wrongPrincipal] + conflict,
                        coupleCreate({ $0["userIds"] = J.list([alice, sam]) }, as: alice)),
                    deny(
                        "Caller's user doc names an old couple", [.wrongPrincipal] + conflict,
                        coupleCreate(
                            { _ in },
                            world: P.unpairedWorld.merging([
                                P.user(sam): P.userDoc(sam, couple: "couple-old", platform: "ios")
                            ]
                            ) { $1 })),
                ]),
        ]
    }

    /// couples/{coupleId}: the E2EE fields a coupleCreate must carry.
    private var coupleCreateE2EEGroups: [RulesCaseGroup] {
        let conflict: [RulesFlag] = [.manualConflict]
        return [
            RulesCaseGroup(
                "couples.create.encryption_version_strict",
                [
                    allow("encryptionVersion 2 (STRICT)", conflict, coupleCreate { _ in }),
                    deny(
                        "encryptionVersion 0 (iOS plaintext fallback)", [.plaintext] + conflict,
                        coupleCreate { $0["encryptionVersion"] = .number(0) }),
                    deny(
                        "encryptionVersion 1 (MIGRATING)", conflict,
                        coupleCreate { $0["encryptionVersion"] = .number(1) }),
                    deny(
                        "encryptionVersion \"2\" as a string", [.shape] + conflict,
                        coupleCreate { $0["encryptionVersion"] = .string("2") }),
                    deny(
                        "encryptionVersion missing", [.shape] + conflict, coupleCreate { $0["encryptionVersion"] = nil }
                    ),
                ]),
            RulesCaseGroup(
                "couples.create.e2ee_fields_present",
                [
                    allow("All three wrap fields present", [.realWireValue] + conflict, coupleCreate { _ in }),
                    allow(
                        "kdfSalt of 8 bytes: rules check presence only", [.rulesAcceptWireRejects] + conflict,
                        coupleCreate {
                            $0["kdfSalt"] = .string(Base64.encode([UInt8](repeating: 7, count: 8), .standard))
                        }),
                    deny(
                        "wrappedCoupleKey null (iOS couple without E2EE)", [.shape] + conflict,
                        coupleCreate { $0["wrappedCoupleKey"] = .null }),
                    deny("kdfParams missing", [.shape] + conflict, coupleCreate { $0["kdfParams"] = nil }),
                    deny("kdfSalt empty", [.shape] + conflict, coupleCreate { $0["kdfSalt"] = .string("") }),
                ]),
        ]
    }

    /// couples/{coupleId}: updates and no deletes.
    private var coupleUpdateGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let conflict: [RulesFlag] = [.manualConflict]
        let rewrap: (inout Doc) -> Void = {
            $0["wrappedCoupleKey"] = .string(self.rewrappedCoupleKey)
            $0["kdfSalt"] = .string(self.newKdfSalt)
        }
        let rhythm: (inout Doc) -> Void = {
            $0["streakCount"] = .number(4)
            $0["lastAnsweredAt"] = P.t2
        }
        return [
            RulesCaseGroup(
                "couples.update.members_only",
                [
                    allow("Member bumps the streak", conflict, coupleUpdate(bob, rhythm)),
                    deny("Outsider bumps the streak", [.wrongPrincipal] + conflict, coupleUpdate(mallory, rhythm)),
                    deny(
                        "Signed-out rewrap", conflict, coupleUpdate(nil, rewrap),
                        ["auth.signed_in", "couples.update.members_only"]),
                ]),
            RulesCaseGroup(
                "couples.update.recovery_wrap_or_rhythm",
                [
                    allow(
                        "isUpdatingRecoveryWrap: new phrase re-wraps the key", [.realWireValue] + conflict,
                        coupleUpdate(alice, rewrap)),
                    allow(
                        "isUpdatingCoupleRhythm: streakCount and lastAnsweredAt", conflict, coupleUpdate(bob, rhythm)),
                    deny(
                        "Downgrade encryptionVersion to 0", [.immutability] + conflict,
                        coupleUpdate(alice) { $0["encryptionVersion"] = .number(0) }),
                    deny(
                        "Swap a member out of userIds", [.immutability] + conflict,
                        coupleUpdate(alice) { $0["userIds"] = J.list([alice, mallory]) }),
                    deny(
                        "Rewrap and streak in one write (neither helper alone)", [.immutability] + conflict,
                        coupleUpdate(alice) {
                            rewrap(&$0)
                            rhythm(&$0)
                        }),
                    deny(
                        "Rewrap that clears wrappedCoupleKey", [.shape] + conflict,
                        coupleUpdate(alice) { $0["wrappedCoupleKey"] = .null }),
                ]),
            RulesCaseGroup(
                "couples.delete.denied",
                [
                    allow("Member reads", [], .get(P.couple(), alice)),
                    deny(
                        "Member deletes the couple (leaveCoupleCallable's job)", [.serverOnly],
                        .delete(P.couple(), alice)),
                    deny("Outsider deletes a couple", [.serverOnly], .delete(P.couple(), mallory)),
                ]),
        ]
    }

    /// daily_question/{date}.
    private var dailyQuestionGroups: [RulesCaseGroup] {
        let alice = F.alice
        let bob = F.bob
        let mallory = F.mallory
        let dq = P.dailyQuestionDoc
        return [
            RulesCaseGroup(
                "daily_question.read.members_only",
                [
                    allow("Member reads today's question", [], .get(P.dailyQuestion(), bob, existing: dq)),
                    allow(
                        "Member queries the couple's daily questions", [.query],
                        .list("couples/couple-1/daily_question", alice)),
                    deny("Outsider reads it", [.wrongPrincipal], .get(P.dailyQuestion(), mallory, existing: dq)),
                    deny(
                        "Outsider queries them", [.wrongPrincipal, .query],
                        .list("couples/couple-1/daily_question", mallory)),
                ]),
            RulesCaseGroup(
                "daily_question.write.server_only",
                [
                    allow("Member reads today's question", [], .get(P.dailyQuestion(), alice, existing: dq)),
                    deny(
                        "Client assigns tomorrow's question", [.serverOnly],
                        .create(P.dailyQuestion("2025-03-15"), alice, dq)),
                    deny(
                        "Client swaps today's question", [.serverOnly],
                        .update(
                            P.dailyQuestion(), alice, from: dq, to: dq.merging(["questionId": .string("q_0099")]) { $1 }
                        )),
                    deny(
                        "Client deletes today's question", [.serverOnly], .delete(P.dailyQuestion(), bob, existing: dq)),
                ]),
        ]
    }

    /// The world of a couple creation: sam and pat are unpaired.
    static var unpairedWorld: [String: Doc] {
        [
            user(RulesFixture.sam): userDoc(RulesFixture.sam, couple: nil, platform: "ios"),
            user("pat"): userDoc("pat", couple: nil, platform: "android"),
        ]
    }

    /// sam creates couples/couple-new with pat: the full document, edited.
    fileprivate func coupleCreate(
        _ edit: (inout Doc) -> Void, as who: String? = RulesFixture.sam,
        world: [String: Doc] = RulesVectorFixtures.unpairedWorld
    ) -> RulesCaseRequest {
        var d = fullCoupleDoc("couple-new", [RulesFixture.sam, "pat"])
        edit(&d)
        return RulesCaseRequest.create("couples/couple-new", who, d).with(world)
    }

    /// `who` updates the stored couple-1 document, edited.
    fileprivate func coupleUpdate(_ who: String?, _ edit: (inout Doc) -> Void) -> RulesCaseRequest {
        let stored = fullCoupleDoc(RulesFixture.coupleID, [RulesFixture.alice, RulesFixture.bob])
        var d = stored
        edit(&d)
        return RulesCaseRequest.update(RulesVectorFixtures.couple(), who, from: stored, to: d)
    }
}
