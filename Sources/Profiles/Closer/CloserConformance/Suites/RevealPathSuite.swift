// The reveal_path suite: which reveal path a reader runs (the reader's own answer's schemaVersion
// decides) and what it reads. Expected answers written out by hand.
// Normative: specs/cloud-functions.md §Reveal path.

import CloserContracts
import CloserHarness
import CloserVectorModel
import CloserWire

enum RevealPathSuite {
    static let name = "reveal_path"

    static let ownDecides = VectorFlag(
        "OwnDecides", .legacy, .contract,
        "The partner's schemaVersion differs from the reader's (Android reads it as a hardcoded 3): the reader's own decides (D-CF-30)."
    )
    static let branch = VectorFlag(
        "Branch", .basic, .contract,
        "schemaVersion 2 reads secure/payload; 3 reads the answer and releaseKeys/{reader} (D-CF-41).")
    static let phase = VectorFlag(
        "Phase", .edgeCase, .contract,
        "Unanswered before the reader's own answer; waiting before the partner's (D-CF-42).")
    static let unknown = VectorFlag(
        "UnknownVersion", .missingStep, .contract, "The reader's own schemaVersion is not 2 or 3 (D-CF-43).")

    static let base = "couples/c1/daily_question/2026-06-15/answers/"

    static func answer(_ user: String, _ version: JSONValue?) -> JSONValue {
        var m: [String: JSONValue] = [
            "userId": .string(user), "questionId": .string("q_default_daily"), "answerType": .string("text"),
            "answerDate": .string("2026-06-15"), "isRevealed": .bool(false),
            "createdAt": .object(["timestampValue": .string("2026-06-15T23:10:00Z")]),
        ]
        if let version { m["schemaVersion"] = version }
        return .object(m)
    }

    static func input(_ own: JSONValue, _ partner: JSONValue) -> [(String, JSONValue)] {
        [
            ("coupleId", .string("c1")), ("date", .string("2026-06-15")), ("userId", .string("alice")),
            ("partnerId", .string("bob")), ("ownAnswer", own), ("partnerAnswer", partner),
        ]
    }

    static func plan(
        _ comment: String, _ flags: [VectorFlag], _ own: JSONValue, _ partner: JSONValue, _ out: [(String, JSONValue)]
    )
        -> VectorCase
    {
        .valid(comment, flags: flags, op: HarnessOpSpec.revealPath.name, input: input(own, partner), output: out)
    }

    static let coupleKeyReads: JSONValue = .array([.string(base + "bob/secure/payload")])
    static let sealedReads: JSONValue = .array([.string(base + "bob"), .string(base + "bob/releaseKeys/alice")])

    static func build() throws(CloserError) -> WireSuite {
        let v2 = answer("alice", V.int(2))
        let v3 = answer("alice", V.int(3))
        let ready2: [(String, JSONValue)] = [
            ("phase", .string("ready")), ("path", .string("coupleKey")), ("reads", coupleKeyReads),
        ]
        let ready3: [(String, JSONValue)] = [
            ("phase", .string("ready")), ("path", .string("sealed")), ("reads", sealedReads),
        ]
        let cases: [VectorCase] = [
            plan("Both schemaVersion 2", [branch], v2, answer("bob", V.int(2)), ready2),
            plan("Both schemaVersion 3", [branch], v3, answer("bob", V.int(3)), ready3),
            plan("Own 2, partner read as 3", [ownDecides], v2, answer("bob", V.int(3)), ready2),
            plan("Own 3, partner 2", [ownDecides], v3, answer("bob", V.int(2)), ready3),
            plan("Own 2, partner without schemaVersion", [ownDecides], v2, answer("bob", nil), ready2),
            plan("Own 2, partner with a bad schemaVersion", [ownDecides], v2, answer("bob", .string("x")), ready2),
            plan("Not answered yet", [phase], .null, answer("bob", V.int(2)), [("phase", .string("unanswered"))]),
            plan("Neither answered", [phase], .null, .null, [("phase", .string("unanswered"))]),
            plan(
                "Waiting for the partner (2)", [phase], v2, .null,
                [("phase", .string("waiting")), ("path", .string("coupleKey"))]),
            plan(
                "Waiting for the partner (3)", [phase], v3, .null,
                [("phase", .string("waiting")), ("path", .string("sealed"))]),
        ]
        let bad: [VectorCase] =
            [
                ("schemaVersion 1", V.int(1)), ("schemaVersion 4", V.int(4)), ("schemaVersion \"2\"", .string("2")),
                ("schemaVersion 2.5", .number(2.5)), ("no schemaVersion", nil),
            ].map { comment, version in
                .invalid(
                    "Own answer with \(comment)", flags: [unknown], op: HarnessOpSpec.revealPath.name,
                    input: input(answer("alice", version), answer("bob", V.int(2))), error: .revealUnknownSchemaVersion,
                    layer: .contract)
            } + [
                .invalid(
                    "Own answer unknown while the partner has not answered", flags: [unknown, phase],
                    op: HarnessOpSpec.revealPath.name,
                    input: input(answer("alice", V.int(1)), .null), error: .revealUnknownSchemaVersion, layer: .contract
                )
            ]
        return WireSuite(
            name: name, algorithm: "closer-reveal-path",
            header: [
                "Which reveal path a reader runs (specs/cloud-functions.md §Reveal path): reveal.path(coupleId, date, userId, partnerId,",
                "ownAnswer, partnerAnswer) -> phase, path (coupleKey | sealed, from the reader's own schemaVersion), reads.",
            ],
            groups: [
                VectorGroup("RevealPath", comment: "phase and branch", cases: cases),
                VectorGroup("RevealPathRefused", comment: "the reader's own schemaVersion is unknown", cases: bad),
            ])
    }
}
