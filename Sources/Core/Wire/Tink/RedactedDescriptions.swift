// Types holding secret key material describe themselves without it, so no log line, error
// message or failed test expectation can print a key (specs/threat-model.md).

extension TinkAESGCMKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "TinkAESGCMKey(\(keyValue.count * 8)-bit, redacted)" }
    public var debugDescription: String { description }
}

extension P256Scalar: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "P256Scalar(redacted)" }
    public var debugDescription: String { description }
}

extension EciesP256PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "EciesP256PrivateKey(redacted)" }
    public var debugDescription: String { description }
}

extension PrimitiveKeyset: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "\(Key.typeName) keyset(primary \(hexID(primary.keyID)), \(entries.count) enabled key(s), key material redacted)"
    }
    public var debugDescription: String { description }
}
