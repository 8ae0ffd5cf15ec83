// One member of a FitLink Firestore document and its check; the checks a document's members are
// made of. Normative: specs/profiles/fitlink/documents.md §"Order of checks".

import CoreWire

/// A member: its name, whether it is required, and the check of its value (at a path, for messages).
package struct FitLinkField: Sendable {
    package typealias Check = @Sendable (JSONValue, String) throws(CloserError) -> Void
    package let name: String
    package let required: Bool
    package let check: Check

    package static func required(_ name: String, _ check: @escaping Check) -> Self {
        Self(name: name, required: true, check: check)
    }

    package static func optional(_ name: String, _ check: @escaping Check) -> Self {
        Self(name: name, required: false, check: check)
    }
}

/// The checks members are built from.
package enum FitLinkCheck {
    package static func string(_ v: JSONValue, _ path: String) throws(CloserError) -> String {
        guard case .string(let s) = v else { throw CloserError(.fitLinkWrongType, "\(path) must be a string") }
        return s
    }

    package static func text(_ lo: Int, _ hi: Int) -> FitLinkField.Check {
        { v, path throws(CloserError) in
            guard (lo...hi).contains(try string(v, path).unicodeScalars.count) else {
                throw CloserError(.fitLinkOutOfRange, "\(path) is \(lo)...\(hi) characters")
            }
        }
    }

    package static let boolean: FitLinkField.Check = { v, path throws(CloserError) in
        guard case .bool = v else { throw CloserError(.fitLinkWrongType, "\(path) must be a boolean") }
    }

    /// Integral milliseconds since the epoch, 0…2^53 − 1 (documents.md, decided).
    package static let instant: FitLinkField.Check = { v, path throws(CloserError) in
        guard case .number(let d) = v, d.isFinite, d == d.rounded(), abs(d) <= 9_007_199_254_740_991 else {
            throw CloserError(.fitLinkWrongType, "\(path) must be an integer")
        }
        guard d >= 0 else { throw CloserError(.fitLinkOutOfRange, "\(path) is 0...2^53-1") }
    }

    package static let isObject: FitLinkField.Check = { v, path throws(CloserError) in
        guard case .object = v else { throw CloserError(.fitLinkWrongType, "\(path) must be an object") }
    }

    package static func enumeration(_ names: [String]) -> FitLinkField.Check {
        { v, path throws(CloserError) in
            guard names.contains(try string(v, path)) else {
                throw CloserError(.fitLinkUnknownEnumValue, "\(path) is one of \(names.joined(separator: ", "))")
            }
        }
    }

    package static let userID: FitLinkField.Check = { v, path throws(CloserError) in
        try FitLinkChatID.checkUserID(try string(v, path))
    }

    /// UUID text, 8-4-4-4-12 hex digits of either case (Swift's `uuidString` is upper case).
    package static let uuid: FitLinkField.Check = { v, path throws(CloserError) in
        try checkUUID(try string(v, path), path)
    }

    package static func checkUUID(_ s: String, _ path: String) throws(CloserError) {
        let bytes = Array(s.utf8)
        let ok =
            bytes.count == 36
            && bytes.enumerated().allSatisfy { i, b in
                [8, 13, 18, 23].contains(i) ? b == UInt8(ascii: "-") : isHexDigit(b)
            }
        guard ok else { throw CloserError(.fitLinkInvalidUUID, "\(path) is a UUID (8-4-4-4-12 hex digits)") }
    }

    static func isHexDigit(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    /// Strict b64 whose decoded length is `exact` bytes (when given) or at least `minimum`.
    package static func b64(exact: Int? = nil, minimum: Int = 0, short: CloserError.Code) -> FitLinkField.Check {
        { v, path throws(CloserError) in
            let raw = try Base64.decode(try string(v, path), .standard)
            guard exact.map({ raw.count == $0 }) ?? (raw.count >= minimum) else {
                throw CloserError(short, "\(path) decodes to \(raw.count) bytes")
            }
        }
    }

    /// A closed object of these members, checked in the documents' order.
    package static func object(_ fields: [FitLinkField], _ value: JSONValue, _ path: String) throws(CloserError)
        -> [String: JSONValue]
    {
        guard case .object(let members) = value else {
            throw CloserError(
                path.isEmpty ? .fitLinkNotAnObject : .fitLinkWrongType,
                "\(path.isEmpty ? "a document" : path) must be an object")
        }
        let prefix = path.isEmpty ? "" : path + "."
        if let unknown = members.keys.sorted().first(where: { n in !fields.contains { $0.name == n } }) {
            throw CloserError(.fitLinkUnknownField, "\(prefix)\(CloserError.quoted(unknown)) is not a member")
        }
        for f in fields where f.required && members[f.name] == nil {
            throw CloserError(.fitLinkMissingField, "\(prefix)\(f.name) is required")
        }
        for f in fields { if let v = members[f.name] { try f.check(v, prefix + f.name) } }
        return members
    }
}
