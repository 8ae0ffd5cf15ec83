// The payback_balance suite: a split's shares in whole cents (rounded down, the cents left over by
// largest remainder, ties by member id compared as UUIDs) in each mode the manual names, and
// netBalance over every equivalent id. Normative: specs/profiles/payback/balance.md.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackBalanceSuite {
    static let name = "payback_balance"

    static let valid = VectorFlag("Valid", .basic, .contract, "The rule as balance.md pins it.")
    static let remainder = VectorFlag(
        "Remainder", .edgeCase, .contract,
        "Shares are rounded down; the cents left over go one each by largest remainder, ties to the lower member id.")
    static let uuidOrder = VectorFlag(
        "UuidOrder", .encoding, .contract,
        "Ties are broken by member id compared as lower-case UUID text, not as written (upper-case sorts first).")
    static let equivalence = VectorFlag(
        "Equivalence", .missingStep, .contract,
        "The balance counts every equivalent id: linkedMemberId, equivalentMemberIds, accountFriendMemberId.")
    static let amount = VectorFlag(
        "Amount", .edgeCase, .contract,
        "An amount (1 to 10^11) or an exact share (0 to 10^11) is a whole number of cents.")
    static let percent = VectorFlag(
        "Percent", .encoding, .contract, "A percent is text: 0 to 100, at most two decimals; percents add up to 100.")
    static let totals = VectorFlag(
        "Totals", .wrongParameters, .contract, "Percents add up to 100, exact shares to the amount.")
    static let refused = VectorFlag(
        "Refused", .wrongParameters, .contract, "Input the page refuses gets its named error.")
    static let order = VectorFlag(
        "CheckOrder", .edgeCase, .contract, "With two faults, the earlier check names the error.")

    static let p1 = "0f8fad5b-d9cb-469f-a165-70867728950e"
    static let p2 = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
    static let p3 = "16fd2706-8baf-433b-82eb-8c7fada847da"
    static let lowX = "b1e2c3d4-0000-4000-8000-000000000001"
    static let highY = "c3d4e5f6-0000-4000-8000-000000000002"

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "payback-split-and-net-balance",
            header: [
                "PayBack splits and netBalance (specs/profiles/payback/balance.md): payback.splitExpense answers each",
                "participant's share in cents (equal, percent, exact; rounded down, leftover cents by largest remainder,",
                "ties to the lower member id as a UUID); payback.netBalance sums them over every equivalent id.",
            ],
            groups: [
                VectorGroup("PayBackSplitShares", comment: "a split's shares", cases: splitCases()),
                VectorGroup("PayBackSplitInvalid", comment: "splits that cannot be made", cases: invalidSplitCases()),
                VectorGroup(
                    "PayBackNetBalance", comment: "netBalance(for: friend)", cases: PayBackNetBalanceCases.all()),
            ])
    }

    static func split(_ comment: String, _ flags: [VectorFlag], _ amount: Double, _ mode: String, _ people: JSONValue)
        -> VectorCase
    {
        PayBackCase.run(
            .payBackSplitExpense, comment, flags,
            [("amountCents", .number(amount)), ("mode", .string(mode)), ("participants", people)])
    }

    static func splitCases() -> [VectorCase] {
        [
            split("equally, even", [valid], 1000, "equal", PayBackCase.ids([p1, p2, p3, lowX])),
            split(
                "equally, one cent over: to the lowest member id", [remainder], 1000, "equal",
                PayBackCase.ids([p2, p1, p3])),
            split(
                "equally, three cents over of seven", [remainder], 9999, "equal",
                PayBackCase.ids([
                    p2, p1, p3, lowX, highY, "00000000-0000-4000-8000-000000000007",
                    "ffffffff-0000-4000-8000-000000000000",
                ])),
            split("one cent among three", [remainder], 1, "equal", PayBackCase.ids([p2, p3, p1])),
            split(
                "a tie between ids written in two cases", [remainder, uuidOrder], 1001, "equal",
                PayBackCase.ids([highY.uppercased(), lowX])),
            split("by percent, exact", [valid], 2000, "percent", PayBackCase.percents([(p1, "25"), (p2, "75.00")])),
            split(
                "by percent, largest remainder", [remainder], 1000, "percent",
                PayBackCase.percents([(p1, "33.33"), (p2, "33.33"), (p3, "33.34")])),
            split(
                "by percent, the larger remainder wins over the lower id", [remainder], 10, "percent",
                PayBackCase.percents([(p1, "12.5"), (p2, "87.5")])),
            split(
                "by percent, one cent, equal remainders", [remainder, uuidOrder], 1, "percent",
                PayBackCase.percents([(highY.uppercased(), "50"), (lowX, "50")])),
            split(
                "a zero percent share gets nothing", [remainder], 3, "percent",
                PayBackCase.percents([(p1, "0"), (p2, "50"), (p3, "50")])),
            split(
                "one participant, 100.00 percent", [valid, percent], 12345, "percent",
                PayBackCase.percents([(p1, "100.00")])),
            split(
                "the largest amount", [amount, remainder], 100_000_000_000, "percent",
                PayBackCase.percents([(p1, "33.33"), (p2, "66.67")])),
            split("by exact amounts", [valid], 1000, "exact", PayBackCase.exact([(p1, 400), (p2, 600)])),
            split("an exact share of zero", [valid], 1000, "exact", PayBackCase.exact([(p1, 0), (p2, 1000)])),
        ]
    }

    static func invalidSplitCases() -> [VectorCase] {
        let two = PayBackCase.ids([p1, p2])
        return [
            split("amount zero", [amount], 0, "equal", two),
            split("a negative amount", [amount], -500, "equal", two),
            split("a fraction of a cent", [amount], 12.5, "equal", two),
            split("one cent over the largest amount", [amount], 100_000_000_001, "equal", two),
            split("a mode the manual does not name", [refused], 1000, "shares", two),
            split("a mode in another case", [refused], 1000, "Equal", two),
            split("no participant", [refused], 1000, "equal", .array([])),
            split(
                "a percent with three decimals", [percent], 1000, "percent",
                PayBackCase.percents([(p1, "33.333"), (p2, "66.667")])),
            split("a percent over 100", [percent], 1000, "percent", PayBackCase.percents([(p1, "100.01")])),
            split(
                "a percent with a leading zero", [percent], 1000, "percent",
                PayBackCase.percents([(p1, "05"), (p2, "95")])),
            split("a percent with an exponent", [percent], 1000, "percent", PayBackCase.percents([(p1, "1e2")])),
            split(
                "a percent without a whole part", [percent], 1000, "percent",
                PayBackCase.percents([(p1, ".5"), (p2, "99.5")])),
            split("a negative percent", [percent], 1000, "percent", PayBackCase.percents([(p1, "-5"), (p2, "105")])),
            split(
                "percents adding up to 99.99", [totals], 1000, "percent",
                PayBackCase.percents([(p1, "33.33"), (p2, "66.66")])),
            split("exact shares one cent short", [totals], 1000, "exact", PayBackCase.exact([(p1, 400), (p2, 599)])),
            split("a negative exact share", [amount], 1000, "exact", PayBackCase.exact([(p1, -1), (p2, 1001)])),
            split("a member id that is not a UUID", [refused], 1000, "equal", PayBackCase.ids([p1, "me"])),
            split("amount zero and an unknown mode: the amount is checked first", [order], 0, "shares", two),
            split(
                "a bad percent before a bad total", [order], 1000, "percent",
                PayBackCase.percents([(p1, "50.001"), (p2, "10")])),
            split(
                "a percent with white space", [percent], 1000, "percent",
                PayBackCase.percents([(p1, " 5"), (p2, "95")])),
            split(
                "a percent with a plus sign", [percent], 1000, "percent",
                PayBackCase.percents([(p1, "+5"), (p2, "95")])),
            split(
                "a percent ending in a point", [percent], 1000, "percent",
                PayBackCase.percents([(p1, "50."), (p2, "50")])),
            split(
                "an exact share above the largest amount", [amount], 1000, "exact",
                PayBackCase.exact([(p1, 100_000_000_001), (p2, 0)])),
            split(
                "fractional exact shares that add up to the amount", [amount], 1000, "exact",
                PayBackCase.exact([(p1, 400.5), (p2, 599.5)])),
        ]
    }
}
