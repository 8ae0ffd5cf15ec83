// One user record per verified email: which Firestore user record each sign-in writes to.
// Normative: specs/profiles/unstoppable/user-records.md (the key, the email's normal form, what an
// unverified or absent email does; D-UNST-28…30).

import CoreWire

public struct UnstoppableUserRecords: Sendable {
    /// Normal-form verified email → the record id (the uid of its first sign-in).
    private var byEmail: [String: String] = [:]

    public init() {}

    /// The record id a sign-in writes to. A verified email names the record of the first uid
    /// that signed in with it; an unverified or absent email never merges (the uid's own record).
    public mutating func signIn(uid: String, email: String?, emailVerified: Bool) throws(CloserError) -> String {
        let uidScalars = uid.unicodeScalars.count
        guard (1...UnstoppableEndpoints.maximumIDLength).contains(uidScalars) else {
            throw CloserError(.unstoppableOutOfRange, "uid is 1...128 characters")
        }
        guard let email else { return uid }
        let key = try Self.normalEmail(email)
        guard emailVerified else { return uid }
        if let record = byEmail[key] { return record }
        byEmail[key] = uid
        return uid
    }

    /// The address with its ASCII letters lowercased, nothing else changed (no dot or `+` rule);
    /// exactly one `@` with text on both sides, ≤ 254 bytes, no whitespace or control character.
    public static func normalEmail(_ email: String) throws(CloserError) -> String {
        let bytes = Array(email.utf8)
        let at = bytes.indices.filter { bytes[$0] == UInt8(ascii: "@") }
        guard bytes.count <= 254, at.count == 1, at[0] > 0, at[0] < bytes.count - 1,
            !email.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { throw CloserError(.unstoppableInvalidEmail, "an email is local@domain, at most 254 bytes") }
        return String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
