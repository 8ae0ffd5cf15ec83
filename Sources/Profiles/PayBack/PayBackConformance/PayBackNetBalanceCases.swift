// payback_balance's netBalance cases: one account (id, linked member id, an alias), one friend (its
// id and the accountFriendMemberId it points to), expenses each paid by one side or a third party.
// Normative: specs/profiles/payback/balance.md §netBalance.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackNetBalanceCases {
    typealias S = PayBackBalanceSuite
    static let me = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
    static let linked = "6ba7b810-9dad-41d1-80b4-00c04fd430c8"
    static let alias = "9b2f0c4e-1d3a-4c5b-8e7f-0a1b2c3d4e5f"
    static let friend = "c56a4180-65aa-42ec-a945-5fd21dec0538"
    static let friendCard = "7d444840-9dc0-41b5-8c4d-2c5a2b0d1e6f"
    static let other = "00000000-0000-4000-8000-000000000001"

    static let account: JSONValue = .object([
        "id": .string(me), "linkedMemberId": .string(linked), "equivalentMemberIds": .array([.string(alias)]),
    ])
    static let theFriend: JSONValue = .object([
        "memberId": .string(friend), "accountFriendMemberId": .string(friendCard),
    ])

    static func expense(_ amount: Double, _ paidBy: String, _ mode: String = "equal", people: JSONValue) -> JSONValue {
        .object([
            "amountCents": .number(amount), "paidBy": .string(paidBy), "mode": .string(mode), "participants": people,
        ])
    }

    static func net(_ comment: String, _ flags: [VectorFlag], _ expenses: [JSONValue], friend: JSONValue = theFriend)
        -> VectorCase
    {
        PayBackCase.run(
            .payBackNetBalance, comment, flags,
            [("account", account), ("friend", friend), ("expenses", .array(expenses))])
    }

    static func all() -> [VectorCase] {
        let ids = PayBackCase.ids
        return [
            net("no expense", [S.valid], []),
            net("I paid, split equally with the friend", [S.valid], [expense(1000, me, people: ids([me, friend]))]),
            net("the friend paid", [S.valid], [expense(1000, friend, people: ids([me, friend]))]),
            net("paid by my alias", [S.equivalence], [expense(1000, alias, people: ids([alias, friend]))]),
            net("paid by my linked member id", [S.equivalence], [expense(800, linked, people: ids([me, friend]))]),
            net(
                "the friend under accountFriendMemberId", [S.equivalence],
                [expense(1000, me, people: ids([me, friendCard]))]),
            net(
                "the friend paid as accountFriendMemberId, I am in as my alias", [S.equivalence],
                [expense(1500, friendCard, people: ids([alias, friendCard, other]))]),
            net(
                "my alias written in upper case", [S.equivalence, S.uuidOrder],
                [expense(1000, friend, people: ids([alias.uppercased(), friend]))]),
            net(
                "I am in twice, as my id and as my alias", [S.equivalence],
                [expense(900, friend, people: ids([me, alias, friend]))]),
            net("someone else paid", [S.valid], [expense(1000, other, people: ids([me, friend, other]))]),
            net("I paid, the friend is not in it", [S.valid], [expense(1000, me, people: ids([me, other]))]),
            net(
                "without accountFriendMemberId that id is someone else", [S.equivalence],
                [expense(1000, me, people: ids([me, friendCard]))],
                friend: .object(["memberId": .string(friend), "accountFriendMemberId": .null])),
            net(
                "three modes in one balance", [S.remainder],
                [
                    expense(1000, me, people: ids([friend, me, other])),
                    expense(
                        2500, friendCard, "percent", people: PayBackCase.percents([(linked, "40"), (friend, "60")])),
                    expense(999, alias, "exact", people: PayBackCase.exact([(me, 499), (friendCard, 500)])),
                ]),
            net(
                "the friend owes a share rounded down", [S.remainder],
                [expense(1001, me, people: ids([me, friend, other]))]),
            net(
                "an expense that cannot be split names its error", [S.totals],
                [
                    expense(1000, me, people: ids([me, friend])),
                    expense(1000, me, "percent", people: PayBackCase.percents([(me, "50"), (friend, "49")])),
                ]),
            net("a payer that is not a UUID", [S.refused], [expense(1000, "friend", people: ids([me, friend]))]),
            net(
                "each expense is read and split before the next: a bad total before a bad amount", [S.order],
                [
                    expense(1000, me, "percent", people: PayBackCase.percents([(me, "50"), (friend, "49")])),
                    expense(0, me, people: ids([me, friend])),
                ]),
        ]
    }
}
