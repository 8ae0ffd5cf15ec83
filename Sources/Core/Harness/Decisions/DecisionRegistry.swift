// The decisions registry: one Markdown table per area file in specs/decisions/, each row a pinned
// value and what it rests on. Normative: specs/decisions/README.md.

import Foundation

/// What a pin rests on (specs/decisions/README.md §Basis).
package enum DecisionBasis: String, CaseIterable, Sendable {
    case verified, stated, inferred, decided
}

/// One registry row.
package struct Decision: Hashable, Sendable {
    package let id: String
    package let pin: String
    package let basis: DecisionBasis
    package let source: String
    package let toConfirm: String
    /// The area file it is in (`wire.md`).
    package let file: String

    /// A withdrawn row keeps its id but is no pin: `pin` starts with `withdrawn`.
    package var isWithdrawn: Bool { pin.hasPrefix("withdrawn") }

    /// The verbatim quotes of the source cell: every `“…”` span (specs/decisions/README.md §Quotes).
    package var quotes: [String] { Decision.quotes(in: source) }

    /// The text between each `“` and the next `”`, in order; an unclosed `“` quotes nothing.
    package static func quotes(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\u{201C}") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\u{201D}") else { break }
            found.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return found
    }
}

/// Every decision of `specs/decisions/`, and what is wrong with the files.
package struct DecisionRegistry: Sendable {
    /// The one header every area file's table has.
    package static let header = ["id", "pin", "basis", "source", "to confirm"]

    package let decisions: [Decision]
    /// Rows or files that break the format, each naming file and line.
    package let problems: [String]

    package init(decisions: [Decision], problems: [String]) {
        self.decisions = decisions
        var problems = problems
        var seen: Set<String> = []
        for d in decisions where !seen.insert(d.id).inserted {
            problems.append("\(d.file): \(d.id) is registered more than once")
        }
        self.problems = problems
    }

    package func decision(_ id: String) -> Decision? { decisions.first { $0.id == id } }

    /// The rows that are pins: every row but the withdrawn ones (one pin per row).
    package var pins: [Decision] { decisions.filter { !$0.isWithdrawn } }

    /// How many pins have each basis, in `DecisionBasis` order.
    package var countsByBasis: [(basis: DecisionBasis, count: Int)] {
        DecisionBasis.allCases.map { b in (b, pins.filter { $0.basis == b }.count) }
    }

    /// The `*.md` files of the directory that are not area files: the format page and the
    /// coverage exceptions (UncoveredExceptions).
    package static let notAreaFiles: Set<String> = ["README.md", "uncovered.md"]

    /// Reads every `*.md` of `directory` except `notAreaFiles`, in name order.
    package static func load(directory: String) throws -> DecisionRegistry {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".md") && !notAreaFiles.contains($0) }.sorted()
        var decisions: [Decision] = []
        var problems: [String] = []
        if names.isEmpty { problems.append("\(directory): no area file") }
        for name in names {
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            let parsed = parse(file: name, text: text)
            decisions += parsed.decisions
            problems += parsed.problems
        }
        return DecisionRegistry(decisions: decisions, problems: problems)
    }

    /// Parses one area file: exactly one table with `header`, every row valid, one area per file.
    package static func parse(file: String, text: String) -> (decisions: [Decision], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.indices.filter { cells(lines[$0]) == header }
        guard headers.count == 1, let start = headers.first else {
            return ([], ["\(file): \(headers.count) tables with the header | id | pin | basis | source | to confirm |"])
        }
        var decisions: [Decision] = []
        var problems: [String] = []
        var area: String? = nil
        var row = start + 2
        while row < lines.count, lines[row].hasPrefix("|") {
            let where_ = "\(file):\(row + 1)"
            let c = cells(lines[row])
            row += 1
            guard c.count == 5 else {
                problems.append("\(where_): \(c.count) cells, 5 expected")
                continue
            }
            guard let id = DecisionID(c[0]) else {
                problems.append("\(where_): '\(c[0])' is not an id D-<AREA>-<NN>")
                continue
            }
            if area == nil { area = id.area }
            if id.area != area { problems.append("\(where_): \(c[0]) is not in this file's area \(area ?? "")") }
            guard let basis = DecisionBasis(rawValue: c[2]) else {
                problems.append("\(where_): basis '\(c[2])' is not verified, stated, inferred or decided")
                continue
            }
            for (name, value) in [("pin", c[1]), ("source", c[3]), ("to confirm", c[4])] where value.isEmpty {
                problems.append("\(where_): empty \(name)")
            }
            let decision = Decision(id: c[0], pin: c[1], basis: basis, source: c[3], toConfirm: c[4], file: file)
            if basis == .stated, !decision.isWithdrawn, decision.quotes.isEmpty {
                problems.append("\(where_): \(c[0]) is stated but its source quotes no sentence (“…”)")
            }
            decisions.append(decision)
        }
        if decisions.isEmpty && problems.isEmpty { problems.append("\(file): the table has no row") }
        if lines.count > start + 1, cells(lines[start + 1]).contains(where: { !$0.allSatisfy { $0 == "-" } }) {
            problems.append("\(file):\(start + 2): the header's separator row is missing")
        }
        return (decisions, problems)
    }

    /// The cells of a Markdown table row, trimmed; `\|` is a literal bar.
    static func cells(_ line: String) -> [String] {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("|"), t.hasSuffix("|"), t.count >= 2 else { return [] }
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for ch in t.dropFirst().dropLast() {
            if escaped {
                cell.append(ch == "|" ? "|" : "\\\(ch)")
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(ch)
            }
        }
        if escaped { cell.append("\\") }
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        return cells
    }
}

/// `D-<AREA>-<NN>`: AREA upper-case ASCII letters, NN two or more digits.
package struct DecisionID: Hashable, Sendable {
    package let text: String
    package let area: String

    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "D", !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }), parts[2].count >= 2,
            parts[2].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        self.text = text
        self.area = String(parts[1])
    }

    /// Every id-shaped token in `text` (`D-` after a non-alphanumeric, non-hyphen character).
    package static func citations(in text: String) -> [String] {
        let b = Array(text.utf8)
        var found: [String] = []
        var i = 0
        func isWordByte(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
        }
        while i + 1 < b.count {
            guard b[i] == 0x44, b[i + 1] == 0x2D, i == 0 || !isWordByte(b[i - 1]) else {
                i += 1
                continue
            }
            var j = i + 2
            while j < b.count, b[j] >= 0x41, b[j] <= 0x5A { j += 1 }
            guard j > i + 2, j < b.count, b[j] == 0x2D else {
                i += 1
                continue
            }
            var k = j + 1
            while k < b.count, b[k] >= 0x30, b[k] <= 0x39 { k += 1 }
            if k - j - 1 >= 2, k == b.count || !isWordByte(b[k]) {
                found.append(String(decoding: b[i..<k], as: UTF8.self))
            }
            i = k
        }
        return found
    }
}
