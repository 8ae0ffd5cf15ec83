// The commitment suite: `sha256:` commitments over RFC 8785 bytes. Hostile `sha256:` strings are
// read by `sealed.open` and live in the sealed_v1 suite. Normative: specs/commitment.md,
// specs/canonical-json.md.

import CloserVectorModel
import CloserWire

enum CommitmentSuite {
    static let name = "commitment"

    static let valid = VectorFlag(
        "Valid", .basic, .commitment, "A legitimate payload: canonical bytes and sha256: value byte for byte.")
    static let hashCanonical = VectorFlag(
        "HashCanonicalBytes", .missingStep, .canonicalization,
        "The text is not canonical as sent: the digest is over its RFC 8785 bytes, never the text as received.")
    static let sameCommitment = VectorFlag(
        "EquivalentSpelling", .edgeCase, .canonicalization,
        "Another spelling of an earlier test's JSON (order, whitespace, escapes, number form): the same commitment.")
    static let noNormalization = VectorFlag(
        "NoNormalization", .encoding, .canonicalization,
        "Canonically equivalent strings are different bytes and so different commitments.")
    static let parseFirst = VectorFlag(
        "StrictParseBeforeHash", .missingStep, .json,
        "A text the strict I-JSON parser refuses has no commitment: the op fails with its json.* code.")

    static func build() throws(CloserError) -> WireSuite {
        let rng = SuiteRandom(suite: name)
        var made: [VectorCase] = []
        var refused: [VectorCase] = []

        func commit(_ comment: String, _ json: String, _ flags: [VectorFlag] = []) throws(CloserError) {
            let canonical = try CanonicalJSON.canonicalize(Array(json.utf8))
            let c = Commitment(canonicalBytes: canonical)
            made.append(
                .valid(
                    comment, flags: [valid] + flags, op: "commitment", input: [("json", V.str(json))],
                    output: [("canonical", V.hex(canonical)), ("value", V.str(c.string))],
                    intermediates: [("canonical", V.hex(canonical)), ("digest", V.hex(c.digest))]))
        }
        func nonce() -> String { Base64.encode(rng.bytes(16), .url) }
        func payload(_ couple: String, _ q: String, _ user: String, _ extra: String) -> String {
            #"{"coupleId":"\#(couple)","questionId":"\#(q)","userId":"\#(user)","nonce":"\#(nonce())"\#(extra)}"#
        }

        // Sealed payloads as apps write them (member order as written, not canonical).
        let answers: [(String, String)] = [
            ("a yes/no answer", #","answer":"yes""#),
            ("a one-word answer", #","answer":"no""#),
            ("a free-text answer with punctuation", #","answer":"We met at a \"café\" in 2019; it rained.""#),
            ("an emoji answer", ",\"answer\":\"\u{2764}\u{fe0f}\u{1f600}\""),
            ("a numeric answer", #","answer":7"#),
            ("a fractional slider answer", #","answer":0.75"#),
            ("a multiple-choice answer", #","answer":["b","d"]"#),
            ("an answer object with a date", #","answer":{"text":"Paris","when":"2024-06-01"}"#),
            ("an answer with a newline and a tab", #","answer":"line1\nline2\tend""#),
            ("an answer with control characters", #","answer":"\u0001\u001f""#),
            ("a boolean answer", #","answer":true"#),
            ("a null answer", #","answer":null"#),
            ("an empty-string answer", #","answer":"""#),
            (
                "extra members: schemaVersion and answerDate",
                #","answer":"ok","schemaVersion":3,"answerDate":"2025-01-31""#
            ),
            ("a long answer", ",\"answer\":\"" + String(repeating: "so much love ", count: 80) + "\""),
        ]
        for (i, (comment, extra)) in answers.enumerated() {
            try commit(
                comment, payload("couple-\(i)", "q-\(100 + i)", i % 2 == 0 ? "alice" : "bob", extra), [hashCanonical])
        }
        try commit(
            "ids with non-ASCII characters",
            payload("cöuple-ü", "q-\u{e9}t\u{e9}", "user-\u{1f600}", #","answer":"oui""#),
            [hashCanonical])
        try commit(
            "a thread message (questionId is the thread's question)",
            payload("couple-7", "q_thread_0007", "alice", #","text":"what did you mean?""#), [hashCanonical])

        // One payload in many spellings: every one commits to the same bytes.
        let n = nonce()
        let base = #"{"answer":"yes","coupleId":"couple-1","nonce":"\#(n)","questionId":"q-42","userId":"alice"}"#
        try commit("canonical text: the bytes hashed are the text", base)
        let spellings: [(String, String)] = [
            (
                "members in reverse order",
                #"{"userId":"alice","questionId":"q-42","nonce":"\#(n)","coupleId":"couple-1","answer":"yes"}"#
            ),
            (
                "pretty-printed",
                "{\n  \"answer\": \"yes\",\n  \"coupleId\": \"couple-1\",\n  \"nonce\": \"\(n)\",\n  \"questionId\": \"q-42\",\n  \"userId\": \"alice\"\n}\n"
            ),
            (
                "escaped letters",
                #"{"answer":"\u0079\u0065\u0073","coupleId":"couple-1","nonce":"\#(n)","questionId":"q-42","userId":"alice"}"#
            ),
            (
                "escaped member names",
                #"{"\u0061nswer":"yes","coupleId":"couple-1","nonce":"\#(n)","questionId":"q-42","userId":"alice"}"#
            ),
            (
                "an escaped solidus-free id written with \\u002d",
                #"{"answer":"yes","coupleId":"couple\u002d1","nonce":"\#(n)","questionId":"q-42","userId":"alice"}"#
            ),
            (
                "tabs and CRs between tokens",
                "{\t\"answer\"\t:\t\"yes\"\r,\"coupleId\":\"couple-1\",\"nonce\":\"\(n)\",\"questionId\":\"q-42\",\"userId\":\"alice\"\r}"
            ),
        ]
        for (comment, text) in spellings {
            try commit("same payload, \(comment)", text, [sameCommitment, hashCanonical])
        }
        let numberSpellings: [(String, String)] = [
            ("1", #"{"answer":1,"coupleId":"c"}"#), ("1.0", #"{"answer":1.0,"coupleId":"c"}"#),
            ("1e0", #"{"answer":1e0,"coupleId":"c"}"#), ("10E-1", #"{"answer":10E-1,"coupleId":"c"}"#),
            ("0", #"{"answer":0,"coupleId":"c"}"#), ("-0", #"{"answer":-0,"coupleId":"c"}"#),
            ("1e21", #"{"answer":1e21,"coupleId":"c"}"#),
            ("1000000000000000000000", #"{"answer":1000000000000000000000,"coupleId":"c"}"#),
        ]
        for (i, (spelling, text)) in numberSpellings.enumerated() {
            try commit("the number \(spelling)", text, i % 2 == 0 ? [hashCanonical] : [sameCommitment, hashCanonical])
        }
        try commit("answer U+00E9 (composed)", #"{"answer":"\u00e9","coupleId":"c"}"#, [noNormalization])
        try commit(
            "answer e + U+0301 (decomposed): another commitment", #"{"answer":"e\u0301","coupleId":"c"}"#,
            [noNormalization])
        try commit("answer ANGSTROM SIGN", #"{"answer":"\u212b","coupleId":"c"}"#, [noNormalization])
        try commit("answer U+00C5", #"{"answer":"\u00c5","coupleId":"c"}"#, [noNormalization])
        try commit(
            "members sorted by UTF-16 (astral before U+E000)", "{\"\u{e000}\":1,\"\u{1f600}\":2,\"a\":3}",
            [hashCanonical])
        try commit("empty object", "{}")
        try commit("not an object: the op commits to any JSON value", #"["a",1,null]"#)
        try commit("a bare string", #""yes""#)

        let bad: [(String, String, CloserError.Code)] = [
            ("empty text", "", .jsonEmptyInput),
            ("byte order mark", "\u{feff}{\"answer\":\"yes\"}", .jsonByteOrderMark),
            ("duplicate member", #"{"answer":"yes","answer":"no"}"#, .jsonDuplicateMember),
            ("duplicate member through an escape", #"{"answer":"yes","\u0061nswer":"no"}"#, .jsonDuplicateMember),
            ("equivalent member names", #"{"\u00e9":1,"e\u0301":2}"#, .jsonEquivalentMemberNames),
            ("lone high surrogate in the answer", #"{"answer":"\ud83d"}"#, .jsonLoneSurrogate),
            ("lone low surrogate in a name", #"{"\ude00":1}"#, .jsonLoneSurrogate),
            ("NaN answer", #"{"answer":NaN}"#, .jsonNonFiniteLiteral),
            ("-Infinity answer", #"{"answer":-Infinity}"#, .jsonNonFiniteLiteral),
            ("answer overflowing to infinity", #"{"answer":1e400}"#, .jsonNumberOutOfRange),
            ("leading zero", #"{"answer":007}"#, .jsonNumberLeadingZero),
            ("trailing comma", #"{"answer":"yes",}"#, .jsonUnexpectedCharacter),
            ("single-quoted string", "{'answer':'yes'}", .jsonUnexpectedCharacter),
            ("two values", #"{"answer":"yes"}{"answer":"no"}"#, .jsonTrailingData),
            ("raw newline in a string", "{\"answer\":\"a\nb\"}", .jsonControlCharacter),
            ("unknown escape", #"{"answer":"\q"}"#, .jsonInvalidEscape),
            ("truncated text", #"{"answer":"yes""#, .jsonUnexpectedEnd),
            ("1001 levels", String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001), .jsonTooDeep),
        ]
        for (comment, text, code) in bad {
            refused.append(
                .invalid(
                    comment, flags: [parseFirst], op: "commitment", input: [("json", V.str(text))], error: code,
                    layer: .json, intermediates: [("jsonBytes", V.hex(Array(text.utf8)))]))
        }

        return WireSuite(
            name: name, algorithm: "closer-sha256-commitment",
            header: [
                "sha256: commitments (specs/commitment.md): commitment(json) must give canonical (hex of the RFC 8785",
                "bytes) and value = \"sha256:\" + b64url(SHA-256(canonical)), or refuse a text the strict parser refuses.",
                "Intermediates: canonical, digest (the 32 SHA-256 bytes). Hostile sha256: strings are in sealed_v1",
                "(sealed.open parses them).",
            ],
            groups: [
                VectorGroup("CommitmentValid", comment: "commitment of payloads and other JSON texts", cases: made),
                VectorGroup("CommitmentRefused", comment: "texts with no commitment", cases: refused),
            ])
    }
}
