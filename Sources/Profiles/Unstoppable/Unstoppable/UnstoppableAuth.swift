// Who a /v1 request is from, read from its headers: `Authorization: Bearer <Firebase ID token>`
// after sign-in, `X-User-Id` in a Debug build only. Normative: specs/profiles/unstoppable/auth.md
// (order of checks, the error of each bad header). The token itself is verified by Firebase, not
// here; this pins which header counts and what a well-formed one is.

import CoreWire

/// The build the backend serves: `X-User-Id` is a credential in `debug` only (auth.md D-UNST-02).
public enum UnstoppableBuild: String, Sendable, CaseIterable {
    case debug, release
}

/// The credential a request carries. A bearer token's text is never kept or echoed (a secret).
public enum UnstoppableCredential: Equatable, Sendable {
    case bearer
    case devUser(String)
}

public enum UnstoppableAuth {
    /// The longest `X-User-Id` (Unicode scalars) a Debug backend takes (decided, D-UNST-21).
    public static let maxDevUserIDLength = 128

    /// The credential of a request with these headers (name, value) in `build`.
    /// Order (auth.md §"Order of checks"): duplicate names, then `Authorization` (which wins when
    /// present), then the build, then `X-User-Id`.
    public static func credential(
        headers: [(name: String, value: String)], build: UnstoppableBuild
    ) throws(CloserError) -> UnstoppableCredential {
        var seen: Set<String> = []
        for header in headers where !seen.insert(header.name.lowercased()).inserted {
            throw CloserError(.unstoppableDuplicateHeader, "a header name appears twice (names ignore case)")
        }
        func value(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }
        if let authorization = value("authorization") {
            guard isBearer(authorization) else {
                throw CloserError(.unstoppableInvalidAuthorization, "Authorization is Bearer <token68>")
            }
            return .bearer
        }
        guard build == .debug, let userID = value("x-user-id") else {
            throw CloserError(.unstoppableUnauthenticated, "no credential: Bearer token, or X-User-Id in Debug")
        }
        let scalars = userID.unicodeScalars
        guard (1...maxDevUserIDLength).contains(scalars.count), scalars.allSatisfy(isUserIDScalar) else {
            throw CloserError(.unstoppableInvalidUserID, "X-User-Id is 1...128 of A-Z a-z 0-9 . _ -")
        }
        return .devUser(userID)
    }

    /// `Bearer` (any case), one or more spaces, a token68 (RFC 9110 §11.1, §11.2), nothing else.
    static func isBearer(_ text: String) -> Bool {
        let b = Array(text.utf8)
        let scheme = Array("bearer".utf8)
        guard b.count > scheme.count, zip(b, scheme).allSatisfy({ ($0 | 0x20) == $1 }) else { return false }
        var i = scheme.count
        guard b[i] == 0x20 else { return false }
        while i < b.count, b[i] == 0x20 { i += 1 }
        let start = i
        while i < b.count, isToken68Byte(b[i]) { i += 1 }
        guard i > start else { return false }
        while i < b.count, b[i] == UInt8(ascii: "=") { i += 1 }
        return i == b.count
    }

    static func isToken68Byte(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "-._~+/".utf8.contains(c)
        }
    }

    static func isUserIDScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F: return true
        default: return false
        }
    }
}
