// The document paths specs/documents.md covers and each one's members.
// Normative: specs/documents.md §Paths and §Members (decisions D-DOC-NN).

import CloserWire

/// A covered document path: the collection it is in, its id, its members.
struct DocumentCollection: Sendable {
    /// The collection's name in errors: `users`, `couples`, `fcmTokens`, …
    let name: String
    /// The document id (the path's last segment).
    let id: String
    let rules: [DocumentMemberRule]
    /// Members a client may not write (`document.server_member`).
    var serverMembers: Set<String> = []
    /// Whether members outside `rules` and `serverMembers` are refused (`document.unknown_member`).
    var closed = true

    /// The outcome day keys (manual §Firestore data model, D-DOC-07).
    static let outcomeDayKeys = ["day_0", "day_30", "day_60", "day_90"]

    init(name: String, id: String, rules: [DocumentMemberRule], serverMembers: Set<String> = [], closed: Bool = true) {
        self.name = name
        self.id = id
        self.rules = rules
        self.serverMembers = serverMembers
        self.closed = closed
    }

    /// specs/documents.md §Paths: the pattern the path matches, then the id's own check.
    init(path: String) throws(CloserError) {
        // Split on the scalar `/`: String.split works on grapheme clusters, which would keep a `/`
        // followed by a combining mark (U+0301, U+1DAAB, …) inside a segment.
        let s = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map {
            String(Substring($0))
        }
        guard !s.contains(where: \.isEmpty) else {
            throw CloserError(.documentUnknownPath, "the path has an empty segment")
        }
        switch (s.count, s.first, s.count > 2 ? s[2] : "") {
        case (2, "users", _): self = Self.users(id: s[1])
        case (2, "couples", _): self = Self.couples(id: s[1])
        case (4, "users", "fcmTokens"): self = Self.fcmToken(id: s[3])
        case (4, "users", "notification_queue"): self = Self.notification(id: s[3])
        case (4, "users", "outcomes"):
            guard Self.outcomeDayKeys.contains(s[3]) else {
                throw CloserError(.documentInvalidID, "an outcomes document id is day_0, day_30, day_60 or day_90")
            }
            self = Self.outcome(id: s[3])
        case (4, "couples", "daily_question"):
            guard CalendarDate.isValid(s[3]) else {
                throw CloserError(.documentInvalidID, "a daily_question document id is a calendar date YYYY-MM-DD")
            }
            self = Self.dailyQuestion(id: s[3])
        default:
            throw CloserError(.documentUnknownPath, "the path names no document specs/documents.md covers")
        }
    }

    /// Checks between members (daily_question: `date` is the id, `expiresAt` after `assignedAt`).
    func checkAcross(_ members: [String: JSONValue], id: String) throws(CloserError) {
        guard name == "daily_question" else { return }
        guard members["date"] == .string(id) else {
            throw CloserError(.documentInvalidMember, "\"date\" must equal the document id")
        }
        if let assigned = members["assignedAt"].flatMap(DocumentShape.timestamp),
            let expires = members["expiresAt"].flatMap(DocumentShape.timestamp), !(assigned < expires)
        {
            throw CloserError(.documentInvalidMember, "\"expiresAt\" must be after \"assignedAt\"")
        }
    }
}

/// `YYYY-MM-DD` of the proleptic Gregorian calendar, years 0001–9999.
enum CalendarDate {
    static func isValid(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D else { return false }
        func number(_ r: Range<Int>) -> Int? {
            var v = 0
            for c in b[r] {
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            return v
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10), y >= 1, (1...12).contains(m)
        else { return false }
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return (1...days).contains(d)
    }
}
