// A minimal, strict protobuf wire reader for Tink's keyset messages.
// Normative: specs/tink-keyset.md §"Protobuf wire rules".
//
// Accepts what protobuf parsers accept (any field order, repeated scalars: last one wins,
// unknown fields of every wire type including groups) and rejects what they reject
// (truncation, varints over 10 bytes, wire types 6 and 7, unbalanced groups).

extension CloserError.Code {
    public static let protoTruncated = Self("proto.truncated", .decodeError)
    public static let protoInvalidVarint = Self("proto.invalid_varint", .decodeError)
    public static let protoInvalidWireType = Self("proto.invalid_wire_type", .decodeError)
    public static let protoInvalidTag = Self("proto.invalid_tag", .decodeError)
    public static let protoWrongWireType = Self("proto.wrong_wire_type", .decodeError)
    public static let protoTooDeep = Self("proto.too_deep", .decodeError)
    public static let protoInvalidUTF8 = Self("proto.invalid_utf8", .decodeError)
}

/// One field's payload as read from the wire.
enum ProtoFieldValue {
    case varint(UInt64)
    case fixed64(UInt64)
    case lengthDelimited(ArraySlice<UInt8>)
    case fixed32(UInt32)
}

/// A field number with its payload.
struct ProtoField {
    let number: UInt32
    let value: ProtoFieldValue

    /// The field as a uint32 (protobuf truncates wider varints to the low 32 bits).
    func uint32(_ message: String) throws(CloserError) -> UInt32 {
        guard case .varint(let v) = value else { throw wrongType(message, "varint") }
        return UInt32(truncatingIfNeeded: v)
    }

    /// The field as bytes or an embedded message.
    func bytes(_ message: String) throws(CloserError) -> ArraySlice<UInt8> {
        guard case .lengthDelimited(let b) = value else { throw wrongType(message, "length-delimited") }
        return b
    }

    /// The field as a UTF-8 string.
    func string(_ message: String) throws(CloserError) -> String {
        let b = try bytes(message)
        guard let s = String(validating: b, as: UTF8.self) else {
            throw CloserError(.protoInvalidUTF8, "\(message).\(number): string field is not valid UTF-8")
        }
        return s
    }

    private func wrongType(_ message: String, _ expected: String) -> CloserError {
        CloserError(.protoWrongWireType, "\(message) field \(number): expected \(expected) wire type")
    }
}

/// Reads the fields of one message.
struct ProtoReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int
    /// The message name, for error reasons.
    let message: String

    init(_ bytes: ArraySlice<UInt8>, message: String) {
        self.bytes = bytes
        self.index = bytes.startIndex
        self.message = message
    }

    /// All fields in wire order, with unknown groups skipped.
    static func fields(of bytes: ArraySlice<UInt8>, message: String) throws(CloserError) -> [ProtoField] {
        var reader = ProtoReader(bytes, message: message)
        var out: [ProtoField] = []
        while let field = try reader.next() { out.append(field) }
        return out
    }

    mutating func next() throws(CloserError) -> ProtoField? {
        while index < bytes.endIndex {
            let tag = try readVarint()
            let wireType = UInt8(tag & 7)
            let number64 = tag >> 3
            guard number64 >= 1, number64 <= 0x1FFF_FFFF else {
                throw CloserError(.protoInvalidTag, "\(message): field number \(number64) is out of range")
            }
            let number = UInt32(number64)
            switch wireType {
            case 0: return ProtoField(number: number, value: .varint(try readVarint()))
            case 1: return ProtoField(number: number, value: .fixed64(try readFixed(8)))
            case 2:
                let length = try readVarint()
                guard length <= UInt64(bytes.endIndex - index) else {
                    throw CloserError(.protoTruncated, "\(message) field \(number): length \(length) runs past the end")
                }
                let start = index
                index += Int(length)
                return ProtoField(number: number, value: .lengthDelimited(bytes[start..<index]))
            case 3:
                try skipGroup(number, depth: 1)
                continue
            case 4:
                throw CloserError(.protoInvalidTag, "\(message): end-group tag without a start")
            case 5: return ProtoField(number: number, value: .fixed32(UInt32(try readFixed(4))))
            default:
                throw CloserError(.protoInvalidWireType, "\(message): wire type \(wireType) does not exist")
            }
        }
        return nil
    }

    private mutating func skipGroup(_ number: UInt32, depth: Int) throws(CloserError) {
        guard depth <= 64 else { throw CloserError(.protoTooDeep, "\(message): groups nested deeper than 64") }
        while index < bytes.endIndex {
            let tag = try readVarint()
            let wireType = UInt8(tag & 7)
            let inner = tag >> 3
            switch wireType {
            case 0: _ = try readVarint()
            case 1: _ = try readFixed(8)
            case 2:
                let length = try readVarint()
                guard length <= UInt64(bytes.endIndex - index) else {
                    throw CloserError(.protoTruncated, "\(message): group member runs past the end")
                }
                index += Int(length)
            case 3: try skipGroup(UInt32(truncatingIfNeeded: inner), depth: depth + 1)
            case 4:
                guard inner == number else {
                    throw CloserError(.protoInvalidTag, "\(message): end-group \(inner) closes group \(number)")
                }
                return
            case 5: _ = try readFixed(4)
            default:
                throw CloserError(.protoInvalidWireType, "\(message): wire type \(wireType) does not exist")
            }
        }
        throw CloserError(.protoTruncated, "\(message): group \(number) is not closed")
    }

    private mutating func readVarint() throws(CloserError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        for count in 0..<10 {
            guard index < bytes.endIndex else {
                throw CloserError(.protoTruncated, "\(message): varint runs past the end")
            }
            let b = bytes[index]
            index += 1
            if count == 9 && b > 1 {
                throw CloserError(.protoInvalidVarint, "\(message): varint overflows 64 bits")
            }
            result |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
        throw CloserError(.protoInvalidVarint, "\(message): varint longer than 10 bytes")
    }

    private mutating func readFixed(_ n: Int) throws(CloserError) -> UInt64 {
        guard bytes.endIndex - index >= n else {
            throw CloserError(.protoTruncated, "\(message): fixed\(n * 8) runs past the end")
        }
        var v: UInt64 = 0
        for i in 0..<n { v |= UInt64(bytes[index + i]) << (8 * UInt64(i)) }
        index += n
        return v
    }
}
