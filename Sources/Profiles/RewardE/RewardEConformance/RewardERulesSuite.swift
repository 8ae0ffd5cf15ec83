// The reward_e_rules suite: Reward-E's rules as reconstructed from its architecture document,
// through rules.evaluate with profile reward-e, including filtered and collection-group
// queries. Normative: specs/profiles/reward-e/rules.md.

import CoreRules
import CloserVectorModel
import CoreWire
import RewardE

enum RewardERulesSuite {
    static let name = "reward_e_rules"

    static let granted = VectorFlag("Granted", .basic, .rules, "A rule grants the request.")
    static let denied = VectorFlag("Denied", .basic, .rules, "No rule grants the request.")
    static let role = VectorFlag("Role", .basic, .rules, "The members/{uid} role (admin, parent, viewer) decides.")
    static let hasOnlyKeys = VectorFlag(
        "HasOnlyKeys", .canOfWorms, .rules, "isValid*Data: an unknown field or a value outside its set is refused.")
    static let filtered = VectorFlag(
        "FilteredQuery", .edgeCase, .rules,
        "A list is decided by its where filters: allowed only when every document it can return satisfies the rule.")
    static let collectionGroup = VectorFlag(
        "CollectionGroup", .edgeCase, .rules, "A collection-group query on members (family lookup).")
    static let selfRole = VectorFlag(
        "SelfAssignedRole", .wrongBinding, .rules,
        "Finding: a joiner writes its own members/{uid} and may name any role, admin included (nothing ties it to the invite)."
    )

    static func build() throws(CloserError) -> WireSuite {
        let c = Cases()
        return WireSuite(
            name: name, algorithm: RewardERuleSet.name,
            header: [
                "Reward-E rules reconstructed from its architecture document (specs/profiles/reward-e/rules.md), through rules.evaluate",
                "with profile reward-e; list requests may carry a query (collectionGroup, where filters).",
            ],
            groups: [
                VectorGroup("RewardEFamilies", comment: "families/{familyId}", cases: try c.families()),
                VectorGroup("RewardEChildren", comment: "children, transactions, goals", cases: try c.children()),
                VectorGroup(
                    "RewardESubscription", comment: "families/{familyId}/subscription", cases: try c.subscriptions()),
                VectorGroup(
                    "RewardEMembers", comment: "members/{userId}, in the family and as a collection group",
                    cases: try c.members()),
                VectorGroup("RewardEInvites", comment: "invites/{inviteCode}", cases: try c.invites()),
            ])
    }
}

extension RewardERulesSuite {
    /// The family fam1 with its three members (admin, parent, viewer), a stranger, and one
    /// function per group of rules.evaluate tests.
    fileprivate struct Cases {
        let fam = "families/fam1"
        let admin = "ada"
        let parent = "per"
        let viewer = "vic"
        let stranger = "sam"
        let family: JSONValue = .object([
            "name": .string("The Smiths"), "starValue": .number(10), "currency": .string("NOK"),
            "inviteCode": .string("ABC123"), "version": .number(1),
        ])
        let cases = RulesDecisionCase(suite: "reward_e_rules", profile: "reward-e", evaluate: RewardERuleSet.evaluate)

        func member(_ uid: String, _ role: String) -> JSONValue {
            .object(["userId": .string(uid), "name": .string(uid), "role": .string(role)])
        }

        /// The member documents of fam1.
        var world: [(String, JSONValue)] {
            [
                ("\(fam)/members/\(admin)", member(admin, "admin")),
                ("\(fam)/members/\(parent)", member(parent, "parent")),
                ("\(fam)/members/\(viewer)", member(viewer, "viewer")),
            ]
        }

        func famWorld() -> [(String, JSONValue)] { world }

        /// families/{familyId}: create, read, update and delete by role.
        func families() throws(CloserError) -> [VectorCase] {
            let updated: JSONValue = .object([
                "name": .string("The Smiths"), "starValue": .number(20), "currency": .string("EUR"),
                "inviteCode": .string("ABC123"), "version": .number(2), "lastModifiedBy": .string(parent),
            ])
            return [
                try cases.make(
                    "a signed-in user creates a family", [granted], uid: stranger, "create", "families/fam2",
                    data: family,
                    allow: true),
                try cases.make(
                    "a family with an unknown field", [hasOnlyKeys], uid: stranger, "create", "families/fam2",
                    data: .object([
                        "name": .string("x"), "starValue": .number(10), "currency": .string("NOK"),
                        "isPremium": .bool(true),
                    ]),
                    allow: false, violations: ["rewarde.family.create"]),
                try cases.make(
                    "a family in an unsupported currency", [hasOnlyKeys], uid: stranger, "create", "families/fam2",
                    data: .object(["name": .string("x"), "starValue": .number(10), "currency": .string("JPY")]),
                    allow: false,
                    violations: ["rewarde.family.create"]),
                try cases.make(
                    "signed out creates a family", [denied], uid: nil, "create", "families/fam2", data: family,
                    allow: false, violations: ["rewarde.family.create"]),
                try cases.make(
                    "a viewer reads the family", [role], uid: viewer, "get", fam, existing: family, world: famWorld(),
                    allow: true),
                try cases.make(
                    "a stranger reads the family", [denied], uid: stranger, "get", fam, existing: family,
                    world: famWorld(),
                    allow: false, violations: ["rewarde.family.member_read"]),
                try cases.make(
                    "a parent updates the star value", [role], uid: parent, "update", fam, data: updated,
                    existing: family,
                    world: famWorld(), allow: true),
                try cases.make(
                    "a viewer updates the star value", [role], uid: viewer, "update", fam, data: updated,
                    existing: family,
                    world: famWorld(), allow: false, violations: ["rewarde.family.update"]),
                try cases.make(
                    "a parent deletes the family", [role], uid: parent, "delete", fam, existing: family,
                    world: famWorld(),
                    allow: false, violations: ["rewarde.family.delete"]),
                try cases.make(
                    "an admin deletes the family", [role], uid: admin, "delete", fam, existing: family,
                    world: famWorld(),
                    allow: true),
                try cases.make(
                    "a member lists all families (no familyId to check membership against)", [denied], uid: admin,
                    "list",
                    "families", world: famWorld(), allow: false, violations: ["rewarde.family.member_read"]),
            ]
        }

        /// children/{childId} and its transactions and goals.
        func children() throws(CloserError) -> [VectorCase] {
            return [
                try cases.make(
                    "a parent awards stars", [role], uid: parent, "create", "\(fam)/children/c1/transactions/t1",
                    data: .object(["type": .string("earn"), "amount": .number(2), "awardedBy": .string(parent)]),
                    world: famWorld(), allow: true),
                try cases.make(
                    "a viewer awards stars", [role], uid: viewer, "create", "\(fam)/children/c1/transactions/t1",
                    data: .object(["type": .string("earn"), "amount": .number(2)]), world: famWorld(), allow: false,
                    violations: ["rewarde.children.write"]),
                try cases.make(
                    "a viewer lists a child's goals", [role], uid: viewer, "list", "\(fam)/children/c1/goals",
                    world: famWorld(), allow: true),
                try cases.make(
                    "a stranger lists a child's transactions", [denied], uid: stranger, "list",
                    "\(fam)/children/c1/transactions", world: famWorld(), allow: false,
                    violations: ["rewarde.family.member_read"]),
            ]
        }

        /// families/{familyId}/subscription.
        func subscriptions() throws(CloserError) -> [VectorCase] {
            let sub: JSONValue = .object([
                "active": .bool(true), "platform": .string("ios"),
                "productId": .string("no.invotek.RewardE.premium.monthly"),
                "ownerId": .string(parent),
            ])
            return [
                try cases.make(
                    "a parent records their subscription", [granted], uid: parent, "create",
                    "\(fam)/subscription/current",
                    data: sub, world: famWorld(), allow: true),
                try cases.make(
                    "a subscription on platform web", [hasOnlyKeys], uid: parent, "create",
                    "\(fam)/subscription/current",
                    data: .object(["active": .bool(true), "platform": .string("web"), "ownerId": .string(parent)]),
                    world: famWorld(), allow: false, violations: ["rewarde.subscription.write"]),
                try cases.make(
                    "a subscription with an unknown field", [hasOnlyKeys], uid: parent, "create",
                    "\(fam)/subscription/current",
                    data: .object([
                        "active": .bool(true), "platform": .string("ios"), "ownerId": .string(parent),
                        "lifetime": .bool(true),
                    ]), world: famWorld(), allow: false, violations: ["rewarde.subscription.write"]),
                try cases.make(
                    "a viewer reads the subscription", [role], uid: viewer, "get", "\(fam)/subscription/current",
                    existing: sub, world: famWorld(), allow: true),
            ]
        }

        /// members/{userId}: self-join, roles, and collection-group lookups by userId.
        func members() throws(CloserError) -> [VectorCase] {
            return [
                try cases.make(
                    "a joiner writes their own member document as viewer", [granted], uid: stranger, "create",
                    "\(fam)/members/\(stranger)",
                    data: member(stranger, "viewer"), world: famWorld(), allow: true),
                try cases.make(
                    "a joiner names themselves admin", [selfRole], uid: stranger, "create",
                    "\(fam)/members/\(stranger)",
                    data: member(stranger, "admin"), world: famWorld(), allow: true),
                try cases.make(
                    "a member document for someone else", [denied], uid: stranger, "create",
                    "\(fam)/members/\(viewer)x",
                    data: member("\(viewer)x", "viewer"), world: famWorld(), allow: false,
                    violations: ["rewarde.member.write"]),
                try cases.make(
                    "a member with role owner", [hasOnlyKeys], uid: stranger, "create", "\(fam)/members/\(stranger)",
                    data: member(stranger, "owner"), world: famWorld(), allow: false,
                    violations: ["rewarde.member.write"]),
                try cases.make(
                    "a member with an unknown field", [hasOnlyKeys], uid: stranger, "create",
                    "\(fam)/members/\(stranger)",
                    data: .object([
                        "userId": .string(stranger), "name": .string("s"), "role": .string("viewer"),
                        "isAdmin": .bool(true),
                    ]),
                    world: famWorld(), allow: false, violations: ["rewarde.member.write"]),
                try cases.make(
                    "the join flow reads the caller's own member document", [collectionGroup], uid: stranger, "get",
                    "families/fam9/members/\(stranger)",
                    existing: member(stranger, "viewer"), allow: true),
                try cases.make(
                    "a stranger reads another family's member", [denied], uid: stranger, "get",
                    "\(fam)/members/\(viewer)",
                    existing: member(viewer, "viewer"), world: [(String, JSONValue)](world.dropLast()), allow: false,
                    violations: ["rewarde.member.self_get"]),
                try cases.make(
                    "an admin promotes a viewer", [role], uid: admin, "update", "\(fam)/members/\(viewer)",
                    data: member(viewer, "parent"),
                    existing: member(viewer, "viewer"), world: [(String, JSONValue)](world.dropLast()), allow: true),
                try cases.make(
                    "a parent promotes themselves", [role], uid: parent, "update", "\(fam)/members/\(parent)",
                    data: member(parent, "admin"),
                    existing: member(parent, "parent"), world: [world[0], world[2]], allow: false,
                    violations: ["rewarde.member.admin_manage"]),
                try cases.make(
                    "a member lists the family's members", [role], uid: viewer, "list", "\(fam)/members",
                    world: famWorld(),
                    allow: true),
                try cases.make(
                    "collection group: members where userId == caller", [collectionGroup, filtered], uid: stranger,
                    "list",
                    "members",
                    query: .object([
                        "collectionGroup": .bool(true),
                        "where": .array([.array([.string("userId"), .string("=="), .string(stranger)])]),
                    ]), allow: true),
                try cases.make(
                    "collection group: members without a filter", [collectionGroup, filtered], uid: stranger, "list",
                    "members",
                    query: .object(["collectionGroup": .bool(true)]), allow: false,
                    violations: ["rewarde.member_group.user_filter"]),
                try cases.make(
                    "collection group: members where userId == someone else", [collectionGroup, filtered],
                    uid: stranger,
                    "list", "members",
                    query: .object([
                        "collectionGroup": .bool(true),
                        "where": .array([.array([.string("userId"), .string("=="), .string(admin)])]),
                    ]),
                    allow: false, violations: ["rewarde.member_group.user_filter"]),
                try cases.make(
                    "collection group: members where role == admin", [collectionGroup, filtered], uid: stranger, "list",
                    "members",
                    query: .object([
                        "collectionGroup": .bool(true),
                        "where": .array([.array([.string("role"), .string("=="), .string("admin")])]),
                    ]),
                    allow: false, violations: ["rewarde.member_group.user_filter"]),
                try cases.make(
                    "a root members collection that is not a group query", [filtered], uid: stranger, "list", "members",
                    query: .object(["where": .array([.array([.string("userId"), .string("=="), .string(stranger)])])]),
                    allow: false, violations: ["rewarde.member_group.user_filter"]),
            ]
        }

        /// invites/{inviteCode}: lookup by any signed-in user, publication by an admin.
        func invites() throws(CloserError) -> [VectorCase] {
            return [
                try cases.make(
                    "a signed-in user looks an invite code up", [granted], uid: stranger, "get", "invites/ABC123",
                    existing: .object(["familyId": .string("fam1")]), allow: true),
                try cases.make(
                    "signed out looks an invite code up", [denied], uid: nil, "get", "invites/ABC123",
                    existing: .object(["familyId": .string("fam1")]), allow: false,
                    violations: ["rewarde.invite.lookup"]),
                try cases.make(
                    "a user lists every invite code", [denied], uid: stranger, "list", "invites", allow: false,
                    violations: ["rewarde.paths.no_matching_rule"]),
                try cases.make(
                    "an admin publishes the family's code", [role], uid: admin, "create", "invites/ABC123",
                    data: .object(["familyId": .string("fam1")]), world: famWorld(), allow: true),
                try cases.make(
                    "a parent publishes the family's code", [role], uid: parent, "create", "invites/ABC123",
                    data: .object(["familyId": .string("fam1")]), world: famWorld(), allow: false,
                    violations: ["rewarde.invite.create"]),
            ]
        }
    }
}
