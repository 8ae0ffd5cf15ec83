// Protobuf writer with Tink's conventions (specs/tink-keyset.md §"Canonical writer"):
// fields in field-number order, default values (0, empty) left out.

struct ProtoWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ number: UInt32, _ value: UInt64) {
        guard value != 0 else { return }
        appendVarint(UInt64(number) << 3)
        appendVarint(value)
    }

    mutating func bytesField(_ number: UInt32, _ value: some Collection<UInt8>) {
        guard !value.isEmpty else { return }
        appendVarint(UInt64(number) << 3 | 2)
        appendVarint(UInt64(value.count))
        bytes += value
    }

    /// An embedded message; written even when empty (presence matters for messages).
    mutating func message(_ number: UInt32, _ value: [UInt8]) {
        appendVarint(UInt64(number) << 3 | 2)
        appendVarint(UInt64(value.count))
        bytes += value
    }

    mutating func string(_ number: UInt32, _ value: String) {
        bytesField(number, Array(value.utf8))
    }

    private mutating func appendVarint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}
