// The op table of specs/harness.md §"Ops" (and of each app profile's page), rendered from the
// op declarations and spliced between the page's GENERATED markers by `closer-spec generate
// --specs`, so the page and the server cannot disagree.

import CloserVectorModel

package enum HarnessOpTable {
    /// The markdown table of `specs`: op, request fields in read order, response members.
    package static func markdown(_ specs: [HarnessOpSpec]) -> String {
        var lines = [
            "| op | request (in the order CloserSpec reads it; `?` optional) | response |", "|---|---|---|",
        ]
        for spec in specs {
            lines.append("| `\(spec.name)` | \(cell(spec.fields)) | \(cell(spec.output)) |")
        }
        return lines.joined(separator: "\n")
    }

    static func cell(_ fields: [HarnessOpField]) -> String {
        fields.map { f in
            "`\(f.name)\(f.optional ? "?" : "")`" + (f.note.map { " (\(escape($0)))" } ?? "")
        }.joined(separator: ", ")
    }

    static func escape(_ s: String) -> String {
        s.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
