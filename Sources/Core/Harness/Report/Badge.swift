// A conformance badge per port and profile: `conforms 3,220/3,220` (green) or `fails 12 of
// 3,220` (red), as a standalone SVG and as a shields.io endpoint JSON
// (`{"schemaVersion": 1, "label", "message", "color"}`). Normative: specs/report.md §"Badges".

import CloserWire

package struct Badge: Sendable, Equatable {
    /// `closer-port-python` (the port's implementation name, untrusted).
    package let port: String
    package let profile: String
    package let passed: Int
    /// Tests run: passed, failed and known divergences (skipped tests are not counted).
    package let run: Int

    package var conforms: Bool { run > 0 && passed == run }
    package var label: String { "\(port) \(profile)" }
    package var message: String {
        if run == 0 { return "no test run" }
        return conforms
            ? "conforms \(HTMLText.count(passed))/\(HTMLText.count(run))"
            : "fails \(HTMLText.count(run - passed)) of \(HTMLText.count(run))"
    }
    package var color: String { run == 0 ? "lightgrey" : conforms ? "brightgreen" : "red" }
    var fill: String { run == 0 ? "#9f9f9f" : conforms ? "#2ea043" : "#cf222e" }

    /// One badge per run and profile it ran tests of, in input order, profiles by name.
    package static func all(_ runs: [HarnessRun]) -> [Badge] {
        runs.flatMap { run in
            var byProfile: [String: (Int, Int)] = [:]
            for s in run.suites {
                let p = run.profile(of: s)
                let (passed, ran) = byProfile[p] ?? (0, 0)
                byProfile[p] = (passed + s.passed, ran + s.passed + s.failed + s.divergences)
            }
            return byProfile.filter { $0.value.1 > 0 }.sorted { $0.key < $1.key }.map {
                Badge(port: run.implementation, profile: $0.key, passed: $0.value.0, run: $0.value.1)
            }
        }
    }

    /// Approximate width of `text` at 11 px Verdana (shields.io's measure, rounded up).
    static func width(_ text: String) -> Int {
        var w = 0.0
        for ch in UntrustedText.escape(text).unicodeScalars {
            switch ch {
            case "i", "l", "j", "I", "!", ".", ",", ":", ";", "|", "'", " ": w += 3.9
            case "m", "w", "M", "W": w += 10.5
            case "0"..."9": w += 7.0
            default: w += ch.value < 0x80 ? 6.9 : 11.0
            }
        }
        return Int(w.rounded(.up)) + 10
    }

    /// The badge as an SVG element (also a standalone file: it carries its namespace).
    package var svg: String {
        let l = Self.width(Self.clip(label))
        let m = Self.width(message)
        let label = UntrustedText.xml(Self.clip(self.label))
        let message = UntrustedText.xml(self.message)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(l + m)" height="20" role="img" aria-label="\(label): \(message)">\
            <title>\(label): \(message)</title>\
            <rect width="\(l)" height="20" fill="#555"/><rect x="\(l)" width="\(m)" height="20" fill="\(fill)"/>\
            <g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">\
            <text x="5" y="14">\(label)</text><text x="\(l + 5)" y="14">\(message)</text></g></svg>
            """
    }

    /// The shields.io endpoint JSON.
    package var endpointJSON: [UInt8] {
        let json = JSONValue.object([
            "schemaVersion": .number(1), "label": .string(Self.clip(label)), "message": .string(message),
            "color": .string(color),
        ])
        let text = String(decoding: (try? CanonicalJSON.serialize(json)) ?? [], as: UTF8.self)
        return Array(UntrustedText.json(text).utf8) + [0x0a]
    }

    /// A label of at most 48 scalars (a port's name is untrusted and may be long).
    static func clip(_ text: String) -> String {
        HTMLText.prefix(text, 47).map { $0 + "…" } ?? text
    }

    /// A file name for the badge: `<port>-<profile>`, ASCII letters, digits and `-` only.
    package var fileStem: String {
        let raw = (Self.clip(port) + "-" + profile).lowercased()
        let safe = String(
            raw.unicodeScalars.map { s in
                s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s)) ? Character(s) : "-"
            })
        return safe.isEmpty ? "port" : safe
    }
}
