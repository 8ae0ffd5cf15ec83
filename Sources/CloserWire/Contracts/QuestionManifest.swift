// The question-id contract between the app's bundled seed files and Firestore's `questions`
// collection: a manifest of the seed's ids (`closer-questions/1`) and the check that every id a
// daily question can name resolves on both sides. Normative: specs/cloud-functions.md §Question ids
// (D-CF-32, D-CF-44..46).

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
    public static func isDocumentID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 1500 && !id.unicodeScalars.contains("/")
            && id.utf8.elementsEqual(".".utf8) == false
            && id.utf8.elementsEqual("..".utf8) == false
            && !(id.hasPrefix("__") && id.hasSuffix("__"))
    }

    /// The manifest's ids: `{"format": "closer-questions/1", "questions": [{"id", "file"}]}` (D-CF-44).
    public static func ids(of manifest: JSONValue) throws(CloserError) -> [String] {
        guard manifest["format"] == .string(format), case .array(let entries)? = manifest["questions"] else {
            throw CloserError(
                .questionsMalformedManifest, "the manifest is not a \(format) object with a questions array")
        }
        var seen = Set<String>()
        for entry in entries {
            guard case .object(let m) = entry, case .string(let id)? = m["id"], case .string? = m["file"] else {
                throw CloserError(.questionsMalformedManifest, "a questions entry is not {id: string, file: string}")
            }
            guard isDocumentID(id) else {
                throw CloserError(.questionsInvalidID, "a question id is not a Firestore document id")
            }
            guard seen.insert(id).inserted else {
                throw CloserError(.questionsDuplicateID, "a question id is listed twice")
            }
        }
        return entries.compactMap { $0["id"]?.stringValue }
    }

    public static func check(seed: [String], firestore: [String], assigned: [String]) -> QuestionIDReport {
        let s = Set(seed)
        let f = Set(firestore)
        return QuestionIDReport(
            missingFromFirestore: s.subtracting(f).sorted(), missingFromSeed: f.subtracting(s).sorted(),
            unresolvedAssigned: Set(assigned).subtracting(s).sorted(),
            fallbackPresent: s.contains(fallbackID) && f.contains(fallbackID))
    }
}
