// The documents suite: doc.validate of the users allowlist members, a couple's client-writable
// members, fcmTokens, notification_queue, outcomes and daily_question documents. Expected answers
// written out by hand from the page. Normative: specs/documents.md.

import CloserHarness
import CloserVectorModel
import CloserWire

enum DocumentsSuite {
    static let name = "documents"

    static let types = VectorFlag(
        "MemberTypes", .basic, .contract,
        "A member's type as the manual's data model gives it (D-DOC-01, D-DOC-06..09).")
    static let ranges = VectorFlag(
        "Ranges", .edgeCase, .contract,
        "The minute members are integers 0…1439, the platform enum, the outcome day keys (D-DOC-02, D-DOC-07).")
    static let zone = VectorFlag(
        "Zone", .edgeCase, .contract, "timezone is a tz database zone id, spelled as the database spells it (D-DOC-03)."
    )
    static let server = VectorFlag(
        "ServerControlled", .missingStep, .contract,
        "A member a client may not write: hasPremium, coupleId, currentQuestionId, activePackId, … (D-DOC-04, D-DOC-05)."
    )
    static let required = VectorFlag(
        "Required", .missingStep, .contract,
        "A server-written document lacks a member the data model lists (D-DOC-06..09).")
    static let paths = VectorFlag(
        "Paths", .encoding, .contract,
        "A path no covered document has, or an id the collection does not allow (D-DOC-11).")

    static func ts(_ s: String) -> JSONValue { .object(["timestampValue": .string(s)]) }
    static let t0 = ts("2026-06-15T23:00:00Z")

    static func ok(_ comment: String, _ flags: [VectorFlag], _ path: String, _ doc: JSONValue) -> VectorCase {
        .valid(
            comment, flags: flags, op: HarnessOpSpec.documentValidate.name,
            input: [("path", .string(path)), ("document", doc)],
            output: [("valid", .bool(true))])
    }

    static func bad(
        _ comment: String, _ flags: [VectorFlag], _ path: String, _ doc: JSONValue, _ error: CloserError.Code
    ) -> VectorCase {
        .invalid(
            comment, flags: flags, op: HarnessOpSpec.documentValidate.name,
            input: [("path", .string(path)), ("document", doc)],
            error: error, layer: .contract)
    }

    static func build() throws(CloserError) -> WireSuite {
        WireSuite(
            name: name, algorithm: "closer-documents",
            header: [
                "Firestore document shapes (specs/documents.md): doc.validate(path, document) -> {valid: true}, or a document.* error",
                "naming the first bad member in the page's order. users/ and couples/ documents are the members a client writes.",
            ],
            groups: [
                VectorGroup("Users", comment: "users/{uid}: the allowlist members a client writes", cases: users()),
                VectorGroup(
                    "Couples", comment: "couples/{coupleId}: the members a client update writes", cases: couples()),
                VectorGroup("FcmTokens", comment: "users/{uid}/fcmTokens/{tokenId}", cases: fcmTokens()),
                VectorGroup(
                    "NotificationQueue", comment: "users/{uid}/notification_queue/{id}", cases: notificationQueue()),
                VectorGroup("Outcomes", comment: "users/{uid}/outcomes/{dayKey}", cases: outcomes()),
                VectorGroup(
                    "DailyQuestion", comment: "couples/{coupleId}/daily_question/{YYYY-MM-DD}", cases: dailyQuestion()),
                VectorGroup("Paths", comment: "paths and documents the op refuses", cases: pathCases()),
            ])
    }
}
