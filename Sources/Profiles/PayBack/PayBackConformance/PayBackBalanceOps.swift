// Harness ops of PayBack's balances and expense validation: declarations (rows of the op table in
// specs/profiles/payback/README.md §"Harness ops") and handlers. Fields are read in the order of
// specs/profiles/payback/balance.md §"Order of checks".

import CloserHarness
import CloserVectorModel
import CoreWire
import PayBack

extension HarnessOpSpec {
    static let payBackSplitExpense = Self(
        "payback.splitExpense", family: "payback",
        fields: [
            .required("amountCents", "integer"), .required("mode", "`equal`, `percent` or `exact`"),
            .required("participants", "`[{memberId, percent: string (percent mode), amountCents (exact mode)}]`"),
        ], output: [.required("shares", "[integer], the participants' order")], layer: .contract)
    static let payBackNetBalance = Self(
        "payback.netBalance", family: "payback",
        fields: [
            .required("account", "as `payback.isMe`"),
            .required("friend", "`{memberId, accountFriendMemberId: id or null}`"),
            .required("expenses", "`[{amountCents, paidBy, mode, participants}]`, list order"),
        ], output: [.required("netCents", "integer: > 0 the friend owes the account")], layer: .contract)
    static let payBackValidateExpense = Self(
        "payback.validateExpense", family: "payback",
        fields: [
            .required("description", "string"), .required("amountCents", "number"), .required("mode", "string"),
            .required("participants", "as `payback.splitExpense`"),
        ], output: [.required("valid", "bool"), .required("problems", "[error code], check order")],
        layer: .contract)
}

extension PayBackOps {
    static let balance: [HarnessOp] = [
        HarnessOp(.payBackSplitExpense) { r throws(CloserError) in
            let amount = try amountCents(r.json("amountCents"), "amountCents")
            let mode = try PayBackSplitMode(name: try r.string("mode"))
            let people = try participants(try r.json("participants"), mode: mode, strict: true)
            let shares = try PayBackSplit.shares(amountCents: amount, mode: mode, participants: people)
            return ["shares": .array(shares.map { .number(Double($0)) })]
        },
        HarnessOp(.payBackNetBalance) { r throws(CloserError) in
            let me = try account(try r.json("account"))
            let f = try r.json("friend")
            let linked = f["accountFriendMemberId"]
            let friend = PayBackBalanceFriend(
                memberID: try memberID(f["memberId"], "friend.memberId"),
                accountFriendMemberID: linked == nil || linked == .null
                    ? nil : try memberID(linked, "friend.accountFriendMemberId"))
            guard case .array(let list) = try r.json("expenses") else { throw malformed("expenses", "an array") }
            let expenses = try list.map { e throws(CloserError) in try expense(e) }
            return [
                "netCents": .number(Double(try PayBackBalance.net(account: me, friend: friend, expenses: expenses)))
            ]
        },
        HarnessOp(.payBackValidateExpense) { r throws(CloserError) in
            let description = try r.string("description")
            guard case .number(let n) = try r.json("amountCents") else { throw malformed("amountCents", "a number") }
            let amount = n.isFinite && n == n.rounded() && abs(n) <= 1e15 ? Int(n) : nil
            let modeName = try r.string("mode")
            let mode = try? PayBackSplitMode(name: modeName)
            let people = try participants(try r.json("participants"), mode: mode, strict: false)
            let draft = PayBackExpenseDraft(
                description: description, amountCents: amount, mode: mode, participants: people)
            let problems = PayBackExpenseValidation.problems(draft)
            return ["valid": .bool(problems.isEmpty), "problems": .array(problems.map { .string($0.rawValue) })]
        },
    ]

    /// The account of `payback.isMe`'s `account` field.
    static func account(_ a: JSONValue) throws(CloserError) -> PayBackAccount {
        let linked = a["linkedMemberId"]
        return PayBackAccount(
            id: try memberID(a["id"], "account.id"),
            linkedMemberID: linked == nil || linked == .null ? nil : try memberID(linked, "account.linkedMemberId"),
            equivalentMemberIDs: try memberIDs(a["equivalentMemberIds"], "account.equivalentMemberIds"))
    }

    /// One expense of `netBalance`: amount, payer, mode, participants, then its split, so the first
    /// expense that fails names the error (balance.md §"Order of checks").
    static func expense(_ e: JSONValue) throws(CloserError) -> PayBackExpense {
        let amount = try amountCents(e["amountCents"], "expenses[].amountCents")
        let paidBy = try memberID(e["paidBy"], "expenses[].paidBy")
        guard let name = e["mode"]?.stringValue else { throw malformed("expenses[].mode", "a string") }
        let mode = try PayBackSplitMode(name: name)
        let people = try participants(e["participants"] ?? .null, mode: mode, strict: true)
        _ = try PayBackSplit.shares(amountCents: amount, mode: mode, participants: people)
        return PayBackExpense(amountCents: amount, paidBy: paidBy, mode: mode, participants: people)
    }

    /// A whole number of cents in range, else `payback.invalid_amount`; not a number is malformed.
    static func amountCents(_ v: JSONValue?, _ name: String) throws(CloserError) -> Int {
        guard case .number(let n)? = v else { throw malformed(name, "a number") }
        guard n.isFinite, n == n.rounded(), abs(n) <= 1e15 else { return try PayBackCents.amount(0) }
        return try PayBackCents.amount(Int(n))
    }
}

extension PayBackOps {
    /// A split's participants in list order: each `memberId`, then the mode's field. With `strict`
    /// off (validation), a percent or exact share that is not one is kept as missing, and the
    /// split then fails as a whole (validation.md §Order).
    static func participants(_ v: JSONValue, mode: PayBackSplitMode?, strict: Bool)
        throws(CloserError) -> [PayBackParticipant]
    {
        guard case .array(let items) = v else { throw malformed("participants", "an array") }
        return try items.map { p throws(CloserError) in
            let id = try memberID(p["memberId"], "participants[].memberId")
            switch mode {
            case .percent?:
                guard let text = p["percent"]?.stringValue else {
                    throw malformed("participants[].percent", "a string")
                }
                let points = try kept(strict) { () throws(CloserError) in
                    try PayBackParticipant.basisPoints(percent: text)
                }
                return PayBackParticipant(memberID: id, basisPoints: points)
            case .exact?:
                guard case .number(let n)? = p["amountCents"] else {
                    throw malformed("participants[].amountCents", "a number")
                }
                let cents = try kept(strict) { () throws(CloserError) in
                    try PayBackSplit.exactCents(n.isFinite && n == n.rounded() && abs(n) <= 1e15 ? Int(n) : -1)
                }
                return PayBackParticipant(memberID: id, exactCents: cents)
            case .equal?, nil:
                return PayBackParticipant(memberID: id)
            }
        }
    }

    /// The value, or (not strict) nil where it is not one.
    static func kept(_ strict: Bool, _ read: () throws(CloserError) -> Int) throws(CloserError) -> Int? {
        do { return try read() } catch { if strict { throw error } else { return nil } }
    }
}
