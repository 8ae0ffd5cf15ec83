// The question_ids suite: the seed manifest (closer-questions/1) against Firestore's questions
// ids and the assigned questionIds. Expected answers written out by hand.
// Normative: specs/cloud-functions.md §Question ids.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum QuestionIDsSuite {
    static let name = "question_ids"

    static let resolve = VectorFlag(
        "Resolve", .basic, .contract,
        "Every Firestore id and every assigned id resolves in the seed (D-CF-32, D-CF-45).")
    static let fallback = VectorFlag(
        "Fallback", .edgeCase, .contract, "q_default_daily must be on both sides (D-CF-32).")
    static let manifest = VectorFlag(
        "Manifest", .encoding, .contract, "The manifest's format, entries and ids (D-CF-44, D-CF-46).")

    static func manifest(_ ids: [String]) -> JSONValue {
        .object([
            "format": .string("closer-questions/1"),
            "questions": .array(
                ids.map { .object(["id": .string($0), "file": .string("seed/questions/daily.json")]) }),
        ])
    }

    static func strings(_ ids: [String]) -> JSONValue { .array(ids.map(JSONValue.string)) }

    static func report(
        _ comment: String, _ flags: [VectorFlag], seed: [String], firestore: [String], assigned: [String],
        fromFirestore: [String] = [], fromSeed: [String] = [], unresolved: [String] = [], fallbackPresent: Bool = true
    ) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.questionsCheck.name,
            input: [
                ("manifest", manifest(seed)), ("firestoreIds", strings(firestore)), ("assignedIds", strings(assigned)),
            ],
            output: [
                ("consistent", .bool(fromSeed.isEmpty && unresolved.isEmpty && fallbackPresent)),
                ("missingFromFirestore", strings(fromFirestore)), ("missingFromSeed", strings(fromSeed)),
                ("unresolvedAssigned", strings(unresolved)), ("fallbackPresent", .bool(fallbackPresent)),
            ])
    }

    static func refused(_ comment: String, _ m: JSONValue, _ error: CloserError.Code) -> VectorCase {
        .invalid(
            comment, flags: [manifest], op: HarnessOpSpec.questionsCheck.name,
            input: [("manifest", m), ("firestoreIds", strings([])), ("assignedIds", strings([]))], error: error,
            layer: .contract)
    }

    static func build() throws(CloserError) -> WireSuite {
        let d = "q_default_daily"
        let r = [resolve]
        let cases: [VectorCase] = [
            report(
                "Both sides agree", r, seed: [d, "q_a", "q_b"], firestore: [d, "q_b", "q_a"], assigned: ["q_a", d]),
            report(
                "A seed-only question is harmless", r, seed: [d, "q_a", "q_new"], firestore: [d, "q_a"], assigned: [],
                fromFirestore: ["q_new"]),
            report(
                "A Firestore-only question breaks the app", r, seed: [d, "q_a"], firestore: [d, "q_a", "q_z", "q_m"],
                assigned: [], fromSeed: ["q_m", "q_z"]),
            report(
                "An assigned id the seed lacks", r, seed: [d, "q_a"], firestore: [d, "q_a"],
                assigned: ["q_gone", "q_a"],
                unresolved: ["q_gone"]),
            report(
                "Sorted by code point", r, seed: [d, "Q_b", "q_a", "q_B"], firestore: [d], assigned: [],
                fromFirestore: ["Q_b", "q_B", "q_a"]),
            report(
                "The fallback only in the seed", [fallback], seed: [d], firestore: [], assigned: [], fromFirestore: [d],
                fallbackPresent: false),
            report(
                "The fallback only in Firestore", [fallback], seed: ["q_a"], firestore: ["q_a", d], assigned: [],
                fromSeed: [d], fallbackPresent: false),
            report(
                "Empty manifest and collection", [fallback], seed: [], firestore: [], assigned: [],
                fallbackPresent: false),
        ]
        let entry = { (id: JSONValue) in JSONValue.object(["id": id, "file": .string("seed/questions/daily.json")]) }
        let bad: [VectorCase] = [
            refused(
                "Another format", .object(["format": .string("closer-questions/2"), "questions": .array([])]),
                .questionsMalformedManifest),
            refused(
                "No questions array", .object(["format": .string("closer-questions/1")]), .questionsMalformedManifest),
            refused("A manifest that is an array", .array([]), .questionsMalformedManifest),
            refused(
                "An entry without file",
                .object([
                    "format": .string("closer-questions/1"), "questions": .array([.object(["id": .string("q_a")])]),
                ]), .questionsMalformedManifest),
            refused(
                "A numeric id",
                .object(["format": .string("closer-questions/1"), "questions": .array([entry(.number(7))])]),
                .questionsMalformedManifest),
            refused("A duplicate id", manifest(["q_a", "q_b", "q_a"]), .questionsDuplicateID),
            refused("An id with a slash", manifest(["q/a"]), .questionsInvalidID),
            refused("An empty id", manifest([""]), .questionsInvalidID),
            refused("The id ..", manifest([".."]), .questionsInvalidID),
            refused("A reserved id", manifest(["__q__"]), .questionsInvalidID),
            refused("An id over 1,500 bytes", manifest([String(repeating: "é", count: 751)]), .questionsInvalidID),
        ]
        return WireSuite(
            name: name, algorithm: "closer-question-ids",
            header: [
                "The question-id contract (specs/cloud-functions.md §Question ids): questions.check(manifest, firestoreIds, assignedIds)",
                "-> the ids missing on either side, assigned ids the seed cannot resolve, and whether q_default_daily is on both.",
            ],
            groups: [
                VectorGroup("QuestionIDs", comment: "the seed against Firestore and the assignments", cases: cases),
                VectorGroup("QuestionManifest", comment: "manifests the op refuses", cases: bad),
            ])
    }
}
