// The member types of the Firestore documents clients and Cloud Functions write: the users
// allowlist members, a couple's client-writable members, fcmTokens, daily_question,
// notification_queue and outcomes. Normative: specs/documents.md (decisions D-DOC-NN).

import CloserWire

extension CloserError.Code {
    public static let documentUnknownPath = Self("document.unknown_path", .invalidParameters)
    public static let documentInvalidID = Self("document.invalid_id", .invalidParameters)
    public static let documentNotObject = Self("document.not_object", .invalidParameters)
    public static let documentMissingMember = Self("document.missing_member", .invalidParameters)
    public static let documentInvalidMember = Self("document.invalid_member", .invalidParameters)
    public static let documentServerMember = Self("document.server_member", .invalidParameters)
    public static let documentUnknownMember = Self("document.unknown_member", .invalidParameters)
}

/// specs/documents.md: which document a path names, and whether a document is well formed.
public enum DocumentShape {
    /// Checks `document` as the document (or, for `users/{uid}` and `couples/{coupleId}`, the
    /// members a client writes) at `path`, in the order of specs/documents.md §Order of checks.
    /// `isZone` answers whether a text is a tz database zone id as the tz database spells it.
    public static func validate(
        path: String, document: JSONValue, isZone: (String) -> Bool
    ) throws(CloserError) {
        let collection = try DocumentCollection(path: path)
        guard case .object(let members) = document else {
            throw CloserError(.documentNotObject, "the document at a \(collection.name) path is not a JSON object")
        }
        // Member names compare as exact scalar sequences, as Firestore's (D-CF-62):
        // "wrappedCouple\u{212A}ey" is not "wrappedCoupleKey".
        for rule in collection.rules {
            try rule.check(document.member(exactly: rule.name), isZone: isZone)
        }
        try collection.checkAcross(members, id: collection.id)
        // Code-point order (String's `<` compares NFC forms: "a\u{301}" would sort after "c").
        let others = members.keys.filter { name in !collection.rules.contains(where: { $0.name.isIdentical(to: name) })
        }
        for name in others.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            if collection.serverMembers.containsIdentical(name) {
                throw CloserError(
                    .documentServerMember, "\(CloserError.quoted(name)) is server-controlled in \(collection.name)")
            }
            if collection.closed {
                throw CloserError(
                    .documentUnknownMember, "\(CloserError.quoted(name)) is not a member of \(collection.name)")
            }
        }
    }

    /// A Firestore timestamp in rules.md's encoding: `{"timestampValue": "<RFC 3339>"}`.
    static func timestamp(_ value: JSONValue) -> Instant? {
        guard case .object(let wrapper) = value, wrapper.count == 1,
            case .string(let text)? = wrapper["timestampValue"]
        else { return nil }
        return try? Instant(rfc3339: text)
    }
}
