// The payback_expense_validation suite: Add Expense's one validation path (manual §12.1–12.2), every
// miss listed in check order. Normative: specs/profiles/payback/validation.md.

import CloserHarness
import CloserVectorModel
import CoreWire

enum PayBackValidationSuite {
    static let name = "payback_expense_validation"

    static let valid = VectorFlag("Valid", .basic, .contract, "The rule as the manual states it.")
    static let allMisses = VectorFlag(
        "AllMisses", .missingStep, .contract, "Every miss is listed, in check order, not only the first (§12.2).")
    static let whiteSpace = VectorFlag(
        "WhiteSpace", .encoding, .contract,
        "A description of Unicode White_Space only is empty; U+FEFF is not white space, U+0085 is.")
    static let splits = VectorFlag(
        "Splits", .missingStep, .contract, "The computed splits are checked too: a split that cannot be made is a miss."
    )

    static let refused = VectorFlag(
        "Refused", .wrongParameters, .contract, "Input the op refuses as a whole gets its named error.")
    static let me = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
    static let friend = "c56a4180-65aa-42ec-a945-5fd21dec0538"

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "payback-expense-validation",
            header: [
                "PayBack's shared expense validation (specs/profiles/payback/validation.md): payback.validateExpense",
                "lists every miss in check order: description, amount, participants, computed splits.",
            ],
            groups: [VectorGroup("PayBackValidateExpense", comment: "the Save guard", cases: cases())])
    }

    static func check(
        _ comment: String, _ flags: [VectorFlag], _ description: String, _ amount: Double, _ mode: String = "equal",
        _ people: JSONValue = PayBackCase.ids([me, friend])
    ) -> VectorCase {
        PayBackCase.run(
            .payBackValidateExpense, comment, flags,
            [
                ("description", .string(description)), ("amountCents", .number(amount)), ("mode", .string(mode)),
                ("participants", people),
            ])
    }

    static func cases() -> [VectorCase] {
        let badPercent = PayBackCase.percents([(me, "50"), (friend, "40")])
        return [
            check("a complete expense", [valid], "Dinner", 4500),
            check(
                "split by percent", [valid], "Taxi", 1999, "percent",
                PayBackCase.percents([(me, "50"), (friend, "50")])),
            check("an empty description", [valid], "", 4500),
            check("a description of spaces and a tab", [whiteSpace], "  \t ", 4500),
            check("no-break and ideographic spaces only", [whiteSpace], "\u{00A0}\u{3000}", 4500),
            check("NEL only (JavaScript's trim keeps it)", [whiteSpace], "\u{0085}", 4500),
            check("U+FEFF only is not white space (JavaScript's trim removes it)", [whiteSpace], "\u{FEFF}", 4500),
            check("amount zero", [valid], "Dinner", 0),
            check("a negative amount", [valid], "Refund", -4500),
            check("a fraction of a cent", [valid], "Dinner", 45.5),
            check("no participant", [valid], "Dinner", 4500, "equal", .array([])),
            check("percents that do not add up", [splits], "Dinner", 4500, "percent", badPercent),
            check(
                "a percent that is not one", [splits], "Dinner", 4500, "percent",
                PayBackCase.percents([(me, "1/2"), (friend, "50")])),
            check(
                "exact shares that do not add up", [splits], "Dinner", 4500, "exact",
                PayBackCase.exact([(me, 2000), (friend, 2000)])),
            check("a mode the manual does not name", [splits], "Dinner", 4500, "shares"),
            check("everything missing", [allMisses], "", 0, "equal", .array([])),
            check(
                "no description and a split that cannot be made", [allMisses, splits], " ", 4500, "percent", badPercent),
            check("amount zero: the splits are not checked", [allMisses], "Dinner", 0, "percent", badPercent),
            check(
                "a participant whose id is not a UUID", [refused], "Dinner", 4500, "equal",
                PayBackCase.ids([me, "friend"])),
            PayBackCase.run(
                .payBackValidateExpense, "an amount written as text is not a miss but a malformed request", [refused],
                [
                    ("description", .string("Dinner")), ("amountCents", .string("12")), ("mode", .string("equal")),
                    ("participants", PayBackCase.ids([me, friend])),
                ]),
        ]
    }
}
