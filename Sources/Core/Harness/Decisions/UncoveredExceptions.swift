// specs/decisions/uncovered.md: the pins that no fixed test exercises (or only on one side), each
// with why it cannot be vectored. Normative: specs/decisions/README.md §"Coverage".

/// One exception row.
package struct UncoveredException: Sendable, Equatable {
    package let id: String
    package let reason: String
    /// A reason starting `todo:` is temporary: the test is not yet written.
    package var isTodo: Bool { reason.hasPrefix("todo:") }
}

/// The exceptions file: one table `| id | reason |`, every row a registered id and a reason.
package struct UncoveredExceptions: Sendable {
    package let rows: [UncoveredException]
    package let problems: [String]

    package var ids: Set<String> { Set(rows.map(\.id)) }

    package static func parse(_ text: String) -> UncoveredExceptions {
        var rows: [UncoveredException] = []
        var problems: [String] = []
        var inTable = false
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let cells = DecisionRegistry.cells(String(line))
            if cells == ["id", "reason"] {
                inTable = true
                continue
            }
            guard inTable, line.hasPrefix("|") else {
                inTable = inTable && line.hasPrefix("|")
                continue
            }
            if cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) { continue }
            guard cells.count == 2, DecisionID(cells[0]) != nil, !cells[1].isEmpty else {
                problems.append("uncovered.md:\(n + 1): a row is | D-AREA-NN | reason |")
                continue
            }
            if rows.contains(where: { $0.id == cells[0] }) {
                problems.append("uncovered.md:\(n + 1): \(cells[0]) is listed twice")
            }
            rows.append(UncoveredException(id: cells[0], reason: cells[1]))
        }
        return UncoveredExceptions(rows: rows, problems: problems)
    }
}
