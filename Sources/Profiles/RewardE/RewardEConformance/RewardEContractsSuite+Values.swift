// reward_e_contracts: balance, version locking, quotas (specs/profiles/reward-e/balance.md,
// version.md, quotas.md).

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

extension RewardEContractsSuite {
    static func txns(_ items: [(String, Double)]) -> JSONValue {
        .array(items.map { .object(["type": .string($0.0), "amount": .number($0.1)]) })
    }

    static func bal(
        _ comment: String, _ flags: [VectorFlag], _ start: Double, _ items: [(String, Double)],
        _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        try run(
            .rewardEBalance, comment, flags, [("balance", .number(start)), ("transactions", txns(items))], expected)
    }

    static func balanceCases() throws(CloserError) -> [VectorCase] {
        [
            try bal("earn then spend", [valid], 0, [("earn", 10), ("spend", 4)]),
            try bal("spend the whole balance", [balance], 7, [("spend", 7)]),
            try bal("spend one more than the balance", [balance], 7, [("spend", 8)], .rewardEInsufficientBalance),
            try bal(
                "a spend refused even if a later earn would cover it", [balance], 0, [("spend", 1), ("earn", 5)],
                .rewardEInsufficientBalance),
            try bal("earn to exactly Int32.max", [clamp], 2_147_483_640, [("earn", 7)]),
            try bal("earn past Int32.max clamps", [clamp], 2_147_483_640, [("earn", 100)]),
            try bal(
                "an earn of 2^32 is refused, not clamped", [clamp], 0, [("earn", 4_294_967_296)], .rewardEOutOfRange),
            try bal(
                "a spend of 2^32 from Int32.max is refused, not clamped to the balance", [clamp], 2_147_483_647,
                [("spend", 4_294_967_296)], .rewardEOutOfRange),
            try bal(
                "a spend of 2^31 from Int32.max is refused", [clamp], 2_147_483_647, [("spend", 2_147_483_648)],
                .rewardEOutOfRange),
            try bal("a spend of Int32.max from Int32.max", [clamp], 2_147_483_647, [("spend", 2_147_483_647)]),
            try bal(
                "a bad amount after an overspend: every amount is checked first", [shape], 7,
                [("spend", 8), ("earn", 0)], .rewardEOutOfRange),
            try bal("spend after the clamp", [clamp], 2_147_483_647, [("earn", 1), ("spend", 47)]),
            try bal("a negative starting balance", [balance], -1, [], .rewardEOutOfRange),
            try bal("an amount of 0", [shape], 5, [("earn", 0)], .rewardEOutOfRange),
            try bal("a transaction type refund", [enumValue], 5, [("refund", 1)], .rewardEUnknownEnumValue),
        ]
    }

    static func write(
        _ comment: String, _ flags: [VectorFlag], version: Double?, base: Double, _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let stored: [(String, JSONValue)] = version.map { [("version", .number($0))] } ?? []
        return try run(
            .rewardEFamilyWrite, comment, flags,
            stored + [
                ("lastModifiedBy", .string("parent-a")), ("baseVersion", .number(base)),
                ("userId", .string("parent-b")),
            ], expected)
    }

    static func versionCases() throws(CloserError) -> [VectorCase] {
        [
            try write("a write on the stored version", [valid], version: 3, base: 3),
            try write("the first write of a family at version 0", [valid], version: 0, base: 0),
            try write("a family without version is at 0", [valid], version: nil, base: 0),
            try write("a family without version is at 0, not 1", [stale], version: nil, base: 1, .rewardEStaleVersion),
            try write("a write based on an older version", [stale], version: 4, base: 3, .rewardEStaleVersion),
            try write(
                "a write based on a newer version than stored", [stale], version: 4, base: 5, .rewardEStaleVersion),
            try write(
                "no increment left past Int32.max", [clamp], version: 2_147_483_647, base: 2_147_483_647,
                .rewardEOutOfRange),
            try write("a negative base version", [shape], version: 0, base: -1, .rewardEOutOfRange),
            try write("a negative stored version", [shape], version: -1, base: -1, .rewardEOutOfRange),
        ]
    }

    static func cap(_ comment: String, _ flags: [VectorFlag], _ quota: String, _ count: Double) throws(CloserError)
        -> VectorCase
    {
        try run(.rewardEQuota, comment, flags, [("quota", .string(quota)), ("count", .number(count))])
    }

    static func rate(
        _ comment: String, _ flags: [VectorFlag], _ quota: String, recent: [Double], at: Double,
        _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        try run(
            .rewardEQuota, comment, flags,
            [("quota", .string(quota)), ("recent", .array(recent.map { .number($0) })), ("at", .number(at))], expected)
    }

    static func quotaCases() throws(CloserError) -> [VectorCase] {
        let day = 86_400_000.0
        let hour = 3_600_000.0
        let t0 = 1_764_201_600_000.0
        return [
            try cap("the 20th child", [quota], "childrenPerFamily", 19),
            try cap("a 21st child", [quota], "childrenPerFamily", 20),
            try cap("the 50th goal", [quota], "goalsPerChild", 49),
            try cap("a 51st goal", [quota], "goalsPerChild", 50),
            try run(
                .rewardEQuota, "a negative count", [shape],
                [("quota", .string("goalsPerChild")), ("count", .number(-1))],
                .rewardEOutOfRange),
            try rate(
                "the 5th family of a day", [quota], "familiesPerUserPerDay", recent: (1...4).map { t0 + Double($0) },
                at: t0 + day - 1),
            try rate(
                "a 6th family within 24 h is deleted", [quota], "familiesPerUserPerDay",
                recent: (1...5).map { t0 + Double($0) }, at: t0 + day),
            try rate(
                "the oldest leaves the window at exactly 24 h", [window], "familiesPerUserPerDay",
                recent: (1...5).map { t0 + Double($0) }, at: t0 + day + 1),
            try rate(
                "the 100th transaction of an hour", [quota], "transactionsPerChildPerHour",
                recent: (0..<99).map { t0 + Double($0) }, at: t0 + 99),
            try rate(
                "a 101st transaction within an hour", [quota], "transactionsPerChildPerHour",
                recent: (0..<100).map { t0 + Double($0) }, at: t0 + 100),
            try rate(
                "an hour later the window has room", [window], "transactionsPerChildPerHour",
                recent: (0..<100).map { t0 + Double($0) }, at: t0 + hour),
            try rate(
                "an instant after the write", [shape], "transactionsPerChildPerHour", recent: [t0 + 1], at: t0,
                .rewardEOutOfRange),
            try run(
                .rewardEQuota, "an unknown quota", [shape],
                [("quota", .string("familiesPerDay")), ("count", .number(0))], .rewardEUnknownQuota),
        ]
    }
}
