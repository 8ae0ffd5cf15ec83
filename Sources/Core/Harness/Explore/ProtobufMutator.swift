// Mutations of the protobuf layer of a serialized keyset: fields reordered or duplicated, an
// unknown field or group added, a wire type changed, a varint written non-minimally. The
// splitter only cuts a well-formed message CloserSpec itself wrote into its top-level fields; it
// is no decoder. Normative: specs/explore.md §"Mutations", specs/tink-keyset.md.

extension ExploreRandom {
    /// One top-level field: its tag varint's bytes and everything after the tag.
    struct ProtoField {
        var tag: [UInt8]
        var rest: [UInt8]
        var bytes: [UInt8] { tag + rest }
    }

    /// Cuts `bytes` into top-level fields; nil when it is not well formed.
    static func protoFields(_ bytes: [UInt8]) -> [ProtoField]? {
        var fields: [ProtoField] = []
        var i = 0
        func varint() -> UInt64? {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while i < bytes.count, shift < 64 {
                let b = bytes[i]
                i += 1
                v |= UInt64(b & 0x7f) << shift
                if b & 0x80 == 0 { return v }
                shift += 7
            }
            return nil
        }
        while i < bytes.count {
            let start = i
            guard let key = varint() else { return nil }
            let tagEnd = i
            switch key & 7 {
            case 0: guard varint() != nil else { return nil }
            case 1: i += 8
            case 2:
                guard let n = varint(), n <= UInt64(bytes.count - i) else { return nil }
                i += Int(n)
            case 5: i += 4
            default: return nil
            }
            guard i <= bytes.count else { return nil }
            fields.append(ProtoField(tag: Array(bytes[start..<tagEnd]), rest: Array(bytes[tagEnd..<i])))
        }
        return fields
    }

    /// `keyset` mutated at the protobuf layer, and the mutation.
    package func mutateProtobuf(_ keyset: [UInt8]) -> ([UInt8], String) {
        guard var fields = Self.protoFields(keyset), !fields.isEmpty else {
            return (resize(keyset), "protobuf: resized")
        }
        switch below(7) {
        case 0:
            fields.reverse()
            return (fields.flatMap(\.bytes), "protobuf: fields reversed")
        case 1:
            let f = fields[below(fields.count)]
            fields.insert(f, at: below(fields.count + 1))
            return (fields.flatMap(\.bytes), "protobuf: field duplicated")
        case 2:
            // Unknown field 15 (varint, bytes or fixed32) somewhere among the fields.
            let unknown: [UInt8] = pick([[0x78, 0x01], [0x7a, 0x02, 0xab, 0xcd], [0x7d, 1, 2, 3, 4]])
            fields.insert(ProtoField(tag: unknown, rest: []), at: below(fields.count + 1))
            return (fields.flatMap(\.bytes), "protobuf: unknown field")
        case 3:
            // A group (wire types 3 and 4), which proto3 parsers reject or skip.
            fields.insert(ProtoField(tag: [0x7b, 0x7c], rest: []), at: below(fields.count + 1))
            return (fields.flatMap(\.bytes), "protobuf: group")
        case 4:
            // The same field number with another wire type.
            let i = below(fields.count)
            fields[i].tag[0] ^= pick([1, 2, 5, 7])
            return (fields.flatMap(\.bytes), "protobuf: wire type")
        case 5:
            // A tag written with one extra (non-minimal) varint byte.
            let i = below(fields.count)
            fields[i].tag[fields[i].tag.count - 1] |= 0x80
            fields[i].tag.append(0x00)
            return (fields.flatMap(\.bytes), "protobuf: non-minimal varint")
        default:
            return (resize(keyset), "protobuf: truncated or extended")
        }
    }
}
