// The top-level members of a text that is already RFC 8785 canonical, found by position
// without building values. Normative: specs/canonical-json.md §8 (what it may be used for).
//
// Canonical text has no whitespace and only valid strings, so a member is `"name":value`
// and a value ends at the `,` or `}` that closes it at depth 0. The scanner is only handed
// bytes that `CanonicalJSON.canonicalize` returned unchanged; it still checks every index and
// answers nil for anything it does not expect, so a misuse can cost a fallback, never a crash.

/// Byte ranges of the top-level members of a canonical JSON object.
package enum CanonicalObjectMembers {
    package struct Member {
        /// The name's bytes between its quotes (as written: escapes not decoded).
        package let name: Range<Int>
        /// The value's bytes (a string value with its quotes).
        package let value: Range<Int>
    }

    /// The members of `bytes` in order, or nil when `bytes` is not a canonical object.
    package static func members(of bytes: [UInt8]) -> [Member]? {
        let count = bytes.count
        guard count >= 2, bytes[0] == UInt8(ascii: "{") else { return nil }
        if bytes[1] == UInt8(ascii: "}") { return count == 2 ? [] : nil }
        var members: [Member] = []
        members.reserveCapacity(16)
        var i = 1
        while true {
            guard i < count, bytes[i] == UInt8(ascii: "\""), let nameEnd = endOfString(bytes, at: i) else { return nil }
            guard nameEnd < count, bytes[nameEnd] == UInt8(ascii: ":") else { return nil }
            let valueStart = nameEnd + 1
            guard let valueEnd = endOfValue(bytes, at: valueStart) else { return nil }
            members.append(Member(name: (i + 1)..<(nameEnd - 1), value: valueStart..<valueEnd))
            guard valueEnd < count else { return nil }
            switch bytes[valueEnd] {
            case UInt8(ascii: ","): i = valueEnd + 1
            case UInt8(ascii: "}"): return valueEnd == count - 1 ? members : nil
            default: return nil
            }
        }
    }

    /// The index after the string starting at `start` (its opening quote).
    private static func endOfString(_ bytes: [UInt8], at start: Int) -> Int? {
        var j = start + 1
        // Eight bytes at a time while none is `"` or `\`.
        j = bytes.withUnsafeBytes { StringRunScan.skipPlainWords($0, from: j, stopAtControls: false) }
        while j < bytes.count {
            switch bytes[j] {
            case UInt8(ascii: "\""): return j + 1
            case UInt8(ascii: "\\"): j += 2
            default: j += 1
            }
        }
        return nil
    }

    /// The index after the value starting at `start`.
    private static func endOfValue(_ bytes: [UInt8], at start: Int) -> Int? {
        var depth = 0
        var j = start
        while j < bytes.count {
            switch bytes[j] {
            case UInt8(ascii: "\""):
                guard let end = endOfString(bytes, at: j) else { return nil }
                if depth == 0 { return end }
                j = end
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return j == start ? nil : j }
                depth -= 1
                if depth == 0 { return j + 1 }
            case UInt8(ascii: ","):
                if depth == 0 { return j == start ? nil : j }
            default:
                break
            }
            j += 1
        }
        return nil
    }
}
