// The strict I-JSON parser: structure, whitespace and literals. Strings and numbers are in
// JSONParser+Strings.swift and JSONParser+Numbers.swift. Normative: specs/canonical-json.md
// §2–§3 (the order of checks there decides which error an input gets).
//
// The parser is iterative: open arrays and objects live on an explicit stack, so no input
// can overflow the call stack. Nesting is still limited to `JSONValue.maximumDepth`
// because values are recursive (their destruction, equality and serialization recurse).
// Reasons give byte offsets and never quote the input: strings may be secret plaintext.

extension CloserError.Code {
    public static let jsonEmptyInput = Self("json.empty_input", .decodeError)
    public static let jsonByteOrderMark = Self("json.byte_order_mark", .decodeError)
    public static let jsonUnexpectedEnd = Self("json.unexpected_end", .decodeError)
    public static let jsonUnexpectedCharacter = Self("json.unexpected_character", .decodeError)
    public static let jsonTrailingData = Self("json.trailing_data", .decodeError)
    public static let jsonInvalidLiteral = Self("json.invalid_literal", .decodeError)
    public static let jsonNonFiniteLiteral = Self("json.non_finite_literal", .decodeError)
    public static let jsonDuplicateMember = Self("json.duplicate_member", .decodeError)
    public static let jsonEquivalentMemberNames = Self("json.equivalent_member_names", .decodeError)
    public static let jsonTooDeep = Self("json.too_deep", .decodeError)
}

/// Parses one JSON text into a `JSONValue`.
struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    /// An array or object whose closing bracket has not been read yet.
    private struct OpenContainer {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// The name whose value is being parsed (objects only).
        var pendingName = ""
    }

    static func parse(_ bytes: [UInt8]) throws(CloserError) -> JSONValue {
        if bytes.isEmpty {
            throw CloserError(.jsonEmptyInput, "json: the input is empty")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw CloserError(.jsonByteOrderMark, "json: the input starts with a UTF-8 byte order mark")
        }
        try StrictUTF8.validate(bytes)
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        if parser.position == bytes.count {
            throw CloserError(.jsonEmptyInput, "json: the input contains only whitespace")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position != bytes.count {
            throw CloserError(
                .jsonTrailingData, "json: unexpected data after the value at byte offset \(parser.position)"
            )
        }
        return value
    }

    // MARK: - Values and containers

    /// Parses one value at `position` (whitespace already skipped), iteratively.
    private mutating func parseValue() throws(CloserError) -> JSONValue {
        var open: [OpenContainer] = []
        while true {
            // 1. Read a scalar, an empty container, or open a container and loop to its
            //    first element.
            var value: JSONValue
            skipWhitespace()
            guard let byte = peek() else { throw unexpectedEnd("a value") }
            switch byte {
            case UInt8(ascii: "["):
                try checkDepth(open.count)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    open.append(OpenContainer(isObject: false))
                    continue
                }
            case UInt8(ascii: "{"):
                try checkDepth(open.count)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    value = .object([:])
                } else {
                    var container = OpenContainer(isObject: true)
                    container.pendingName = try parseMemberName(notIn: container.members)
                    open.append(container)
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                value = try parseLiteral()
            }
            // 2. Hand the finished value to the innermost open container; close containers
            //    for as long as a closing bracket follows.
            while true {
                guard let last = open.indices.last else { return value }
                skipWhitespace()
                if open[last].isObject {
                    let name = open[last].pendingName
                    open[last].members[name] = value
                    guard let next = peek() else { throw unexpectedEnd("',' or '}'") }
                    if next == UInt8(ascii: ",") {
                        position += 1
                        open[last].pendingName = try parseMemberName(notIn: open[last].members)
                        break
                    }
                    guard next == UInt8(ascii: "}") else { throw unexpectedCharacter("',' or '}'") }
                    position += 1
                    value = .object(open.removeLast().members)
                } else {
                    open[last].elements.append(value)
                    guard let next = peek() else { throw unexpectedEnd("',' or ']'") }
                    if next == UInt8(ascii: ",") {
                        position += 1
                        break
                    }
                    guard next == UInt8(ascii: "]") else { throw unexpectedCharacter("',' or ']'") }
                    position += 1
                    value = .array(open.removeLast().elements)
                }
            }
        }
    }

    private func checkDepth(_ openCount: Int) throws(CloserError) {
        if openCount >= JSONValue.maximumDepth {
            throw CloserError(
                .jsonTooDeep,
                "json: nesting deeper than \(JSONValue.maximumDepth) arrays/objects at byte offset \(position)"
            )
        }
    }

    /// Reads `"name"` and `:` (after `{` or `,`), rejecting a name already in `members`.
    /// Names are compared after unescaping.
    private mutating func parseMemberName(notIn members: [String: JSONValue]) throws(CloserError)
        -> String
    {
        skipWhitespace()
        guard let byte = peek() else { throw unexpectedEnd("a member name") }
        guard byte == UInt8(ascii: "\"") else {
            if byte == UInt8(ascii: "}") {
                throw unexpectedCharacter("a member name (a trailing comma is not allowed)")
            }
            throw unexpectedCharacter("a member name in double quotes")
        }
        let nameOffset = position
        let name = try parseString()
        if let existing = members.index(forKey: name) {
            // Swift `String` equality is canonical equivalence; only identical scalars are
            // a duplicate in RFC 8259 terms, the rest is pinned in the spec as its own error.
            if members[existing].key.unicodeScalars.elementsEqual(name.unicodeScalars) {
                throw CloserError(
                    .jsonDuplicateMember, "json: duplicate member name at byte offset \(nameOffset)")
            }
            throw CloserError(
                .jsonEquivalentMemberNames,
                "json: member name at byte offset \(nameOffset) is canonically equivalent to an earlier name"
            )
        }
        skipWhitespace()
        guard let colon = peek() else { throw unexpectedEnd("':'") }
        guard colon == UInt8(ascii: ":") else { throw unexpectedCharacter("':'") }
        position += 1
        return name
    }

    // MARK: - Literals

    /// `true`, `false`, `null`; any other bare word (including `NaN`, `Infinity`) or
    /// character that cannot start a value is rejected with a code naming it.
    private mutating func parseLiteral() throws(CloserError) -> JSONValue {
        let start = position
        guard let first = peek() else { throw unexpectedEnd("a value") }
        switch first {
        case UInt8(ascii: "+"):
            throw CloserError(
                .jsonNumberLeadingPlus, "json: number at byte offset \(start) starts with '+'")
        case UInt8(ascii: "."):
            throw CloserError(
                .jsonNumberMissingIntegerDigits,
                "json: number at byte offset \(start) has no digit before '.'")
        default:
            break
        }
        let word = bytes[start...].prefix(while: Self.isASCIILetter)
        if word.isEmpty {
            if first == UInt8(ascii: "]") || first == UInt8(ascii: "}") {
                throw unexpectedCharacter("a value (a trailing comma is not allowed)")
            }
            throw unexpectedCharacter("a value")
        }
        position += word.count
        switch String(decoding: word, as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "NaN", "Infinity":
            throw CloserError(
                .jsonNonFiniteLiteral,
                "json: NaN and Infinity are not JSON (bare word at byte offset \(start))")
        default:
            throw CloserError(
                .jsonInvalidLiteral,
                "json: bare word of \(word.count) letters at byte offset \(start) is not true, false or null"
            )
        }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    // MARK: - Bytes

    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// RFC 8259 whitespace: space, tab, line feed, carriage return. Nothing else.
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func unexpectedEnd(_ expected: String) -> CloserError {
        CloserError(
            .jsonUnexpectedEnd,
            "json: input ends at byte offset \(position) where \(expected) was expected")
    }

    func unexpectedCharacter(_ expected: String) -> CloserError {
        CloserError(
            .jsonUnexpectedCharacter,
            "json: unexpected character at byte offset \(position); expected \(expected)")
    }
}
