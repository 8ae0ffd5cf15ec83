// The question-id contract between the app's bundled seed files and Firestore's `questions`
// collection: a manifest of the seed's ids (`closer-questions/1`) and the check that every id a
// daily question can name resolves on both sides. Normative: specs/cloud-functions.md §Question ids
// (D-CF-32, D-CF-44..46).

import CloserWire

extension CloserError.Code {
    public static let questionsMalformedManifest = Self("questions.malformed_manifest", .invalidParameters)
    public static let questionsDuplicateID = Self("questions.duplicate_id", .invalidParameters)
    public static let questionsInvalidID = Self("questions.invalid_id", .invalidParameters)
}

/// What `QuestionManifest.check` finds (sorted ids).
public struct QuestionIDReport: Sendable, Equatable {
    /// In the seed, not in Firestore: the picker never assigns them (harmless) (D-CF-45).
    public var missingFromFirestore: [String]
    /// In Firestore, not in the seed: an assigned one has no text on the device (D-CF-45).
    public var missingFromSeed: [String]
    /// Assigned `questionId`s the seed cannot resolve.
    public var unresolvedAssigned: [String]
    /// Whether `q_default_daily` is in both (D-CF-32).
    public var fallbackPresent: Bool
    public var consistent: Bool { missingFromSeed.isEmpty && unresolvedAssigned.isEmpty && fallbackPresent }
}

public enum QuestionManifest {
    public static let format = "closer-questions/1"
    public static let fallbackID = "q_default_daily"

    /// A Firestore document id: non-empty, at most 1,500 UTF-8 bytes, no `/`, not `.` or `..`,
    /// not of the reserved form `__…__` (D-CF-46).
    /// Compared as Firestore compares ids, by their UTF-8 bytes (String's `==`, `contains`,
    /// `hasPrefix` work on canonically equivalent grapheme clusters: "/\u{301}" is no "/" to them).
    public static func isDocumentID(_ id: String) -> Bool {
        let b = Array(id.utf8)
        let reserved = b.count >= 2 && b.starts(with: [0x5F, 0x5F]) && b.reversed().starts(with: [0x5F, 0x5F])
        return !b.isEmpty && b.count <= 1500 && !b.contains(0x2F) && b != [0x2E] && b != [0x2E, 0x2E] && !reserved
    }

    /// The manifest's ids: `{"format": "closer-questions/1", "questions": [{"id", "file"}]}` (D-CF-44).
    public static func ids(of manifest: JSONValue) throws(CloserError) -> [String] {
        guard manifest["format"] == .string(format), case .array(let entries)? = manifest["questions"] else {
            throw CloserError(
                .questionsMalformedManifest, "the manifest is not a \(format) object with a questions array")
        }
        var seen = Set<[UInt8]>()
        for entry in entries {
            guard case .object(let m) = entry, case .string(let id)? = m["id"], case .string? = m["file"] else {
                throw CloserError(.questionsMalformedManifest, "a questions entry is not {id: string, file: string}")
            }
            guard isDocumentID(id) else {
                throw CloserError(.questionsInvalidID, "a question id is not a Firestore document id")
            }
            guard seen.insert(Array(id.utf8)).inserted else {
                throw CloserError(.questionsDuplicateID, "a question id is listed twice")
            }
        }
        return entries.compactMap { $0["id"]?.stringValue }
    }

    /// Ids are compared by their UTF-8 bytes (Firestore's ids; "\u{E9}" and "e\u{301}" are two
    /// documents) and sorted by code point (the UTF-8 byte order).
    public static func check(seed: [String], firestore: [String], assigned: [String]) -> QuestionIDReport {
        func ids(_ texts: [String]) -> Set<[UInt8]> { Set(texts.map { Array($0.utf8) }) }
        func sorted(_ ids: Set<[UInt8]>) -> [String] {
            ids.sorted { $0.lexicographicallyPrecedes($1) }.map { String(decoding: $0, as: UTF8.self) }
        }
        let s = ids(seed)
        let f = ids(firestore)
        let fallback = Array(fallbackID.utf8)
        return QuestionIDReport(
            missingFromFirestore: sorted(s.subtracting(f)), missingFromSeed: sorted(f.subtracting(s)),
            unresolvedAssigned: sorted(ids(assigned).subtracting(s)),
            fallbackPresent: s.contains(fallback) && f.contains(fallback))
    }
}
