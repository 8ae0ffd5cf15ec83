// Locates ../shared/third_party (Wycheproof, RFC 8785 data) beside the package.
// The data is never copied into the project; tests that need it skip, saying so, when absent.

import Foundation

enum ThirdPartyData {
    /// `<package root>/../shared/third_party`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/third_party")

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func exists(_ relative: String) -> Bool {
        let present = FileManager.default.fileExists(atPath: url(relative).path)
        if !present {
            print("SKIP: \(url(relative).path) is absent; the tests that read it are skipped")
        }
        return present
    }

    static func load<T: Decodable>(_ relative: String, as: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: url(relative)))
    }
}
