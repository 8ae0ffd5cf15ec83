// The user-record cases of unstoppable_payloads (specs/profiles/unstoppable/user-records.md): one
// record per verified email across Google and Apple sign-ins, and what never merges.

import CloserHarness
import CloserVectorModel
import CoreWire
import Unstoppable

extension UnstoppablePayloadsSuite {
    static let userRecord = VectorFlag(
        "UserRecord", .basic, .contract,
        "Sign-ins with one verified email write one user record; an unverified or absent email never merges (D-UNST-28, D-UNST-29, D-UNST-30)."
    )

    typealias SignIn = (uid: String, email: String?, verified: Bool)

    static func userRecordCases() throws(CloserError) -> [VectorCase] {
        let google: SignIn = ("google-uid", "ana@example.com", true)
        let longUID = String(repeating: "u", count: UnstoppableEndpoints.maximumIDLength)
        let longEmail = String(repeating: "a", count: 242) + "@example.com"
        return [
            try userRecordCase("one sign-in", [valid, userRecord], [google]),
            try userRecordCase(
                "Google then Apple, same verified email: one record", [valid, userRecord],
                [google, ("apple-uid", "ana@example.com", true)]),
            try userRecordCase(
                "the email's case does not matter", [userRecord], [google, ("apple-uid", "Ana@EXAMPLE.com", true)]),
            try userRecordCase(
                "dots and +tags are other addresses", [userRecord],
                [google, ("a2", "a.na@example.com", true), ("a3", "ana+x@example.com", true)]),
            try userRecordCase(
                "an unverified email never merges", [userRecord], [google, ("apple-uid", "ana@example.com", false)]),
            try userRecordCase(
                "an unverified first sign-in claims nothing", [userRecord],
                [("apple-uid", "ana@example.com", false), google, ("g2", "ana@example.com", true)]),
            try userRecordCase("no email: the uid's own record", [userRecord], [google, ("apple-uid", nil, true)]),
            try userRecordCase("a 128-character uid", [userRecord], [(longUID, nil, false)]),
            try userRecordCase("a 254-byte email", [userRecord], [("u1", longEmail, true)]),
            try userRecordCase(
                "a 129-character uid", [shape], [(longUID + "u", nil, false)], .unstoppableOutOfRange),
            try userRecordCase("an empty uid", [shape], [("", nil, false)], .unstoppableOutOfRange),
            try userRecordCase(
                "a 255-byte email", [shape], [("u1", "a" + longEmail, true)], .unstoppableInvalidEmail),
            try userRecordCase(
                "an email without @", [shape], [("u1", "ana.example.com", true)], .unstoppableInvalidEmail),
            try userRecordCase("two @", [shape], [("u1", "ana@b@example.com", true)], .unstoppableInvalidEmail),
            try userRecordCase("nothing before @", [shape], [("u1", "@example.com", true)], .unstoppableInvalidEmail),
            try userRecordCase("a space", [shape], [("u1", "ana @example.com", false)], .unstoppableInvalidEmail),
        ]
    }

    /// A user-records test, its outcome computed by CloserSpec (and pinned by the expectation given).
    static func userRecordCase(
        _ comment: String, _ flags: [VectorFlag], _ signIns: [SignIn], _ expected: CloserError.Code? = nil
    ) throws(CloserError) -> VectorCase {
        let op = HarnessOpSpec.unstoppableUserRecords.name
        let input: [(String, JSONValue)] = [
            (
                "signIns",
                .array(
                    signIns.map {
                        .object([
                            "uid": .string($0.uid), "email": $0.email.map(JSONValue.string) ?? .null,
                            "emailVerified": .bool($0.verified),
                        ])
                    })
            )
        ]
        var records = UnstoppableUserRecords()
        var out: [JSONValue] = []
        var failure: CloserError?
        for s in signIns {
            do { out.append(.string(try records.signIn(uid: s.uid, email: s.email, emailVerified: s.verified))) } catch
            {
                failure = error
                break
            }
        }
        switch (failure, expected) {
        case (nil, nil):
            return .valid(comment, flags: flags, op: op, input: input, output: [("records", .array(out))])
        case (let error?, let code?) where error.code == code:
            return .invalid(
                comment, flags: flags, op: op, input: input, error: error.code, layer: .contract,
                intermediates: [("reason", .string(error.reason))])
        default:
            throw CloserError(
                .harnessMalformedRequest, "unstoppable_payloads: \(comment): outcome differs from the case")
        }
    }
}
