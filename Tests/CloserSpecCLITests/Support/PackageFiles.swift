import Foundation

/// Files of this package, found from this file's path.
enum PackageFiles {
    /// The package root (three levels above this file's directory).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ relative: String) -> String? {
        FileManager.default.contents(atPath: root.appendingPathComponent(relative).path).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Every `.swift` file under `Sources/`, as (relative path, text).
    static func swiftSources() -> [(String, String)] {
        let base = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().compactMap { rel in
            text("Sources/" + rel).map { ("Sources/" + rel, $0) }
        }
    }
}
