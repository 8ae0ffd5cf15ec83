// The one public error type of CloserSpec. Normative list: specs/errors.md.
//
// Every rejection carries a stable, fine-grained `code` (e.g. `b64.non_canonical`) and a
// `category` that is the harness protocol's error code (e.g. `decode_error`), so a port
// and the harness can compare failures at either granularity.
// `reason` is for people. It never contains key bytes, plaintext, phrases or codes.

/// An error raised by any CloserSpec library.
///
/// Two errors are equal when their codes are: the reason is for people and may change.
public struct CloserError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable, fine-grained error code.
    public let code: Code
    /// A human-readable reason. Never contains secrets.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The harness-level category (`decode_error`, `invalid_key`, ...).
    public var category: Category { code.category }

    /// The code and the reason, with the output policy applied to the reason (`UntrustedText`):
    /// a reason may carry text a sender or a port wrote.
    public var description: String { "\(code.rawValue): \(UntrustedText.escape(reason))" }

    public static func == (a: Self, b: Self) -> Bool { a.code == b.code }
    public func hash(into h: inout Hasher) { h.combine(code) }
}

extension CloserError {
    /// The coarse error categories of harness protocol v1 (specs/harness.md).
    public enum Category: String, Sendable, Hashable, CaseIterable, Codable {
        case malformedRequest = "malformed_request"
        case unknownOp = "unknown_op"
        case decodeError = "decode_error"
        case invalidKey = "invalid_key"
        case authenticationFailure = "authentication_failure"
        case bindingMismatch = "binding_mismatch"
        case commitmentMismatch = "commitment_mismatch"
        case invalidParameters = "invalid_parameters"
        case unsupported = "unsupported"
    }

    /// A stable error code: a dotted `area.reason` string plus its category.
    ///
    /// Codes are declared next to the code that raises them, as static members of this
    /// type, and listed in specs/errors.md. Codes never change meaning once published.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public let category: Category

        package init(_ rawValue: String, _ category: Category) {
            self.rawValue = rawValue
            self.category = category
        }

        public var description: String { rawValue }

        /// Codes are identified by their string; a code has one category.
        public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
        public func hash(into h: inout Hasher) { h.combine(rawValue) }
    }
}

extension CloserError {
    /// Input text (never a secret) for a reason: at most 64 Unicode scalars, in double quotes,
    /// with the scalars of the output policy (`UntrustedText.mustEscape`: controls, bidi controls,
    /// separators, noncharacters) and `"`/`\` escaped as `\u{…}`, so that a sender-controlled
    /// string can neither flood a message nor drive a terminal.
    package static func quoted(_ text: some StringProtocol) -> String {
        var out = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 64 { return out + "\"…" }
            let v = scalar.value
            if UntrustedText.mustEscape(v) || v == 0x22 || v == 0x5c {
                out += "\\u{" + String(v, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out + "\""
    }
}
