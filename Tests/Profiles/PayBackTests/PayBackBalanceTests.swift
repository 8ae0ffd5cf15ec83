// PayBack splits, netBalance and expense validation as the iOS app uses them: shares add up to the
// amount, leftover cents by largest remainder then member id (as a UUID), every equivalent id in the
// balance, every validation miss in order. Normative: specs/profiles/payback/balance.md,
// validation.md. (The vectors are recomputed independently by oracles/python/test_payback_balance.py.)

import CoreWire
import PayBack
import Testing

@Suite("PayBack balances")
struct PayBackBalanceTests {
    static let ids = [
        "7c9e6679-7425-40de-944b-e07fc1f90ae7", "0F8FAD5B-D9CB-469F-A165-70867728950E",
        "16fd2706-8baf-433b-82eb-8c7fada847da",
    ]

    static func people(_ texts: [String]) throws -> [PayBackParticipant] {
        try texts.map { PayBackParticipant(memberID: try PayBackMemberID($0)) }
    }

    @Test("equal shares add up to the amount; the leftover cents go to the lowest member ids, any case")
    func equalSplit() throws {
        for amount in [1, 2, 999, 1000, 1001, 100_000_000_000] {
            let shares = try PayBackSplit.shares(
                amountCents: amount, mode: .equal, participants: try Self.people(Self.ids))
            #expect(shares.reduce(0, +) == amount)
            #expect(shares.max()! - shares.min()! <= 1)
        }
        #expect(
            try PayBackSplit.shares(amountCents: 1000, mode: .equal, participants: try Self.people(Self.ids)) == [
                333, 334, 333,
            ])
    }

    @Test("percent shares: largest remainder first, a 0 % participant gets nothing")
    func percentSplit() throws {
        let ids = try Self.people(Self.ids)
        let p = { (i: Int, bp: Int) in PayBackParticipant(memberID: ids[i].memberID, basisPoints: bp) }
        #expect(
            try PayBackSplit.shares(amountCents: 10, mode: .percent, participants: [p(1, 1250), p(0, 8750)]) == [1, 9])
        #expect(
            try PayBackSplit.shares(amountCents: 3, mode: .percent, participants: [p(1, 0), p(0, 5000), p(2, 5000)])
                == [0, 1, 2])
    }

    @Test(
        "percent text: two decimals at most, 0 to 100, no leading zero",
        arguments: [
            ("33.33", 3333), ("0", 0), ("100", 10_000), ("100.00", 10_000), ("12.5", 1250), ("0.01", 1),
        ])
    func percentText(_ text: String, _ points: Int) throws {
        #expect(try PayBackParticipant.basisPoints(percent: text) == points)
    }

    @Test("a percent that is not one", arguments: ["", "05", "100.01", "33.333", ".5", "5.", "1e2", "-1", " 5", "101"])
    func badPercent(_ text: String) {
        #expect(throws: CloserError.self) { try PayBackParticipant.basisPoints(percent: text) }
    }

    @Test(
        "a participant built through the public init is range-checked, never trapping",
        arguments: [
            (PayBackSplitMode.percent, Int.max, "payback.invalid_percent"),
            (PayBackSplitMode.percent, -1, "payback.invalid_percent"),
            (PayBackSplitMode.percent, 10_001, "payback.invalid_percent"),
            (PayBackSplitMode.exact, -1, "payback.invalid_share"),
            (PayBackSplitMode.exact, Int.max, "payback.invalid_share"),
        ])
    func outOfRangeParticipant(_ mode: PayBackSplitMode, _ value: Int, _ code: String) throws {
        let (a, b) = (try PayBackMemberID(Self.ids[0]), try PayBackMemberID(Self.ids[2]))
        let people =
            mode == .percent
            ? [
                PayBackParticipant(memberID: a, basisPoints: value),
                PayBackParticipant(memberID: b, basisPoints: 10_000),
            ]
            : [PayBackParticipant(memberID: a, exactCents: value), PayBackParticipant(memberID: b, exactCents: 1001)]
        let error = #expect(throws: CloserError.self) {
            try PayBackSplit.shares(amountCents: 1000, mode: mode, participants: people)
        }
        #expect(error?.code.rawValue == code)
    }

    @Test("netBalance counts my aliases and the friend's accountFriendMemberId")
    func netBalance() throws {
        let me = try PayBackMemberID(Self.ids[0]), alias = try PayBackMemberID(Self.ids[1])
        let friend = try PayBackMemberID(Self.ids[2]),
            card = try PayBackMemberID("c56a4180-65aa-42ec-a945-5fd21dec0538")
        let account = PayBackAccount(id: me, linkedMemberID: nil, equivalentMemberIDs: [alias])
        let expense = PayBackExpense(
            amountCents: 1000, paidBy: alias, mode: .equal,
            participants: [PayBackParticipant(memberID: alias), PayBackParticipant(memberID: card)])
        let withCard = PayBackBalanceFriend(memberID: friend, accountFriendMemberID: card)
        #expect(try PayBackBalance.net(account: account, friend: withCard, expenses: [expense]) == 500)
        let withoutCard = PayBackBalanceFriend(memberID: friend, accountFriendMemberID: nil)
        #expect(try PayBackBalance.net(account: account, friend: withoutCard, expenses: [expense]) == 0)
    }

    @Test("validation lists every miss in order; the splits only when amount and participants passed")
    func validation() throws {
        let two = try Self.people(Self.ids)
        let check = { (d: String, a: Int?, m: PayBackSplitMode?, p: [PayBackParticipant]) in
            PayBackExpenseValidation.problems(
                PayBackExpenseDraft(description: d, amountCents: a, mode: m, participants: p))
        }
        #expect(check("Dinner", 4500, .equal, two).isEmpty)
        #expect(
            check(" \u{3000}", nil, .equal, []) == [
                .payBackMissingDescription, .payBackExpenseInvalidAmount, .payBackNoParticipant,
            ])
        #expect(check("\u{FEFF}", 4500, nil, two) == [.payBackEmptySplits])
        #expect(check("Dinner", 0, nil, two) == [.payBackExpenseInvalidAmount])
    }
}
