// Bytes as JSON: lowercase hex strings, as harness protocol v1 and the vector files carry them
// (specs/harness.md §"Framing").

extension JSONValue {
    /// Lowercase hex as a JSON string.
    package static func hex(_ bytes: some Collection<UInt8>) -> JSONValue { .string(Hex.encode(bytes)) }
}
