// netBalance between the signed-in account and one friend over every equivalent id: what the friend
// owes on expenses "I" paid minus what "I" owe on expenses the friend paid, in cents, each share
// from PayBackSplit. Normative: specs/profiles/payback/balance.md §netBalance.

import CoreWire

/// A friend as a balance sees them (`GroupMember`): its id and the friend's member id it points to.
public struct PayBackBalanceFriend: Sendable {
    public let memberID: PayBackMemberID
    public let accountFriendMemberID: PayBackMemberID?

    public init(memberID: PayBackMemberID, accountFriendMemberID: PayBackMemberID?) {
        self.memberID = memberID
        self.accountFriendMemberID = accountFriendMemberID
    }

    /// `FriendDetailView.netBalance` checks both `friend.id` and `friend.accountFriendMemberId` (§7.4).
    public func isFriend(_ member: PayBackMemberID) -> Bool {
        member == memberID || member == accountFriendMemberID
    }
}

/// One expense: its amount, who paid, how it is split and among whom.
public struct PayBackExpense: Sendable {
    public let amountCents: Int
    public let paidBy: PayBackMemberID
    public let mode: PayBackSplitMode
    public let participants: [PayBackParticipant]

    public init(amountCents: Int, paidBy: PayBackMemberID, mode: PayBackSplitMode, participants: [PayBackParticipant]) {
        self.amountCents = amountCents
        self.paidBy = paidBy
        self.mode = mode
        self.participants = participants
    }
}

public enum PayBackBalance {
    /// Positive: the friend owes the account; negative: the account owes the friend. Expenses are
    /// read in order; the first that cannot be split names the error.
    public static func net(account: PayBackAccount, friend: PayBackBalanceFriend, expenses: [PayBackExpense])
        throws(CloserError) -> Int
    {
        var net = 0
        for e in expenses {
            let shares = try PayBackSplit.shares(amountCents: e.amountCents, mode: e.mode, participants: e.participants)
            let owedBy = { (who: (PayBackMemberID) -> Bool) in
                zip(e.participants, shares).filter { who($0.0.memberID) }.map(\.1).reduce(0, +)
            }
            if account.isMe(e.paidBy) {
                net += owedBy(friend.isFriend)
            } else if friend.isFriend(e.paidBy) {
                net -= owedBy(account.isMe)
            }
        }
        return net
    }
}
