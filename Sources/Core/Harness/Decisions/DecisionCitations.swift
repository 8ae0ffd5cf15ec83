// Where specs/ and the vector files cite decision ids, checked against the registry
// (specs/decisions/README.md §How to cite).

import Foundation

/// The citations of decision ids in a tree of pages and vector files.
package struct DecisionCitations: Sendable {
    /// id → the files (relative to their root) that cite it.
    package let sites: [String: Set<String>]

    /// Scans every `*.md` under `specs` and every `*.json` under `vectors` (when given).
    package static func scan(specs: String, vectors: String?) throws -> DecisionCitations {
        var sites: [String: Set<String>] = [:]
        for (root, ext, label) in [(specs, ".md", "specs"), (vectors, ".json", "vectors")] {
            guard let root, let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let path = walker.nextObject() as? String {
                guard path.hasSuffix(ext) else { continue }
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                for id in DecisionID.citations(in: text) {
                    sites[id, default: []].insert(label + "/" + path)
                }
            }
        }
        return DecisionCitations(sites: sites)
    }

    /// Cited ids the registry does not have, each with the files that cite it.
    package func unknown(in registry: DecisionRegistry) -> [String] {
        let known = Set(registry.decisions.map(\.id))
        return sites.keys.filter { !known.contains($0) }.sorted().map { id in
            "\(id) is cited in \(sites[id]!.sorted().joined(separator: ", ")) but not registered"
        }
    }

    /// Registered pins (withdrawn rows aside) that no page outside `specs/decisions/` cites.
    package func uncited(in registry: DecisionRegistry) -> [String] {
        registry.pins.map(\.id).filter { id in
            !(sites[id] ?? []).contains { !$0.hasPrefix("specs/decisions/") }
        }
    }
}
