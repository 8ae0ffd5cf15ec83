// A minimal, strict protobuf wire reader for Tink's keyset messages.
// Normative: specs/tink-keyset.md §"Protobuf wire rules".
//
// Accepts what protobuf parsers accept (any field order, repeated scalars: last one wins,
// unknown fields of every wire type including groups, a known field written with another
// wire type read as an unknown field) and rejects what they reject (truncation, varints over
// 10 bytes, wire types 6 and 7, field number 0 or >= 2^29 anywhere, unbalanced groups).

extension CloserError.Code {
    public static let protoTruncated = Self("proto.truncated", .decodeError)
    public static let protoInvalidVarint = Self("proto.invalid_varint", .decodeError)
    public static let protoInvalidWireType = Self("proto.invalid_wire_type", .decodeError)
    public static let protoInvalidTag = Self("proto.invalid_tag", .decodeError)
    public static let protoTooDeep = Self("proto.too_deep", .decodeError)
    public static let protoInvalidUTF8 = Self("proto.invalid_utf8", .decodeError)
}

/// A field number with its payload, as read from the wire. Plain data (no reference): the
/// payload of a length-delimited field is a range of the message's indices, so reading a
/// field retains and copies nothing.
struct ProtoField {
    let number: UInt32
    /// The wire type: 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32 (groups are skipped).
    let wireType: UInt8
    /// The value of a varint, fixed64 or fixed32 field; 0 for a length-delimited one.
    let scalar: UInt64
    /// The payload of a length-delimited field as indices of the message read; empty otherwise.
    let payload: Range<Int>

    /// The field as a uint32 (protobuf truncates wider varints to the low 32 bits), or nil
    /// when it was not written as a varint: protobuf parsers (protobuf-java, upb, Tink C++)
    /// then read it as an unknown field and skip it (specs/tink-keyset.md).
    var uint32: UInt32? {
        guard wireType == 0 else { return nil }
        return UInt32(truncatingIfNeeded: scalar)
    }

    /// The field as bytes or an embedded message of `message` (the bytes it was read from),
    /// or nil when it was not written length-delimited (an unknown field, as for `uint32`).
    func bytes(in message: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard wireType == 2 else { return nil }
        return message[payload]
    }

    /// The field as a UTF-8 string, or nil when it was not written length-delimited.
    func string(in message: ArraySlice<UInt8>, _ name: String) throws(CloserError) -> String? {
        guard let b = bytes(in: message) else { return nil }
        guard let s = String(validating: b, as: UTF8.self) else { throw notUTF8(name) }
        return s
    }

    /// The error for this field, of message `name`, when it is a string field that is not UTF-8.
    func notUTF8(_ name: String) -> CloserError {
        CloserError(.protoInvalidUTF8, "\(name).\(number): string field is not valid UTF-8")
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

    /// All fields in wire order, groups skipped (no field of Tink's messages is a group).
    static func fields(of bytes: ArraySlice<UInt8>, message: String) throws(CloserError) -> [ProtoField] {
        var reader = ProtoReader(bytes, message: message)
        var out: [ProtoField] = []
        while let field = try reader.next() { out.append(field) }
        return out
    }

    /// Reads a tag: its field number (1 ..< 2^29, else `proto.invalid_tag`) and wire type.
    private mutating func readTag() throws(CloserError) -> (number: UInt32, wireType: UInt8) {
        let tag = try readVarint()
        let number = tag >> 3
        guard number >= 1, number <= 0x1FFF_FFFF else {
            throw CloserError(.protoInvalidTag, "\(message): field number \(number) is out of range")
        }
        return (UInt32(number), UInt8(tag & 7))
    }

    mutating func next() throws(CloserError) -> ProtoField? {
        while index < bytes.endIndex {
            let (number, wireType) = try readTag()
            switch wireType {
            case 0: return ProtoField(number: number, wireType: 0, scalar: try readVarint(), payload: index..<index)
            case 1: return ProtoField(number: number, wireType: 1, scalar: try readFixed(8), payload: index..<index)
            case 2:
                let length = try readVarint()
                guard length <= UInt64(bytes.endIndex - index) else {
                    throw CloserError(.protoTruncated, "\(message) field \(number): length \(length) runs past the end")
                }
                let start = index
                index += Int(length)
                return ProtoField(number: number, wireType: 2, scalar: 0, payload: start..<index)
            case 3:
                try skipGroup(number, depth: 1)
                continue
            case 4:
                throw CloserError(.protoInvalidTag, "\(message): end-group tag without a start")
            case 5: return ProtoField(number: number, wireType: 5, scalar: try readFixed(4), payload: index..<index)
            default:
                throw CloserError(.protoInvalidWireType, "\(message): wire type \(wireType) does not exist")
            }
        }
        return nil
    }

    private mutating func skipGroup(_ number: UInt32, depth: Int) throws(CloserError) {
        guard depth <= 64 else { throw CloserError(.protoTooDeep, "\(message): groups nested deeper than 64") }
        while index < bytes.endIndex {
            // Field numbers are checked inside skipped groups too (protobuf-java and Tink C++
            // refuse 0 there; upb refuses >= 2^29): specs/tink-keyset.md §"Protobuf wire rules".
            let (inner, wireType) = try readTag()
            switch wireType {
            case 0: _ = try readVarint()
            case 1: _ = try readFixed(8)
            case 2:
                let length = try readVarint()
                guard length <= UInt64(bytes.endIndex - index) else {
                    throw CloserError(.protoTruncated, "\(message): group member runs past the end")
                }
                index += Int(length)
            case 3: try skipGroup(inner, depth: depth + 1)
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
        // One byte: every tag and length of Tink's key messages.
        if index < bytes.endIndex, bytes[index] < 0x80 {
            defer { index += 1 }
            return UInt64(bytes[index])
        }
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
