// `kdfParams`: the PHC parameter string of the couple-key wrap, e.g.
// `$argon2id$v=19$m=46080,t=3,p=1`. Normative: specs/argon2id.md §"kdfParams".
//
// Strict in both directions: the writer produces exactly one text per parameter set and
// the parser accepts exactly that text. Everything else is refused with a named code, and
// the refusal happens before any Argon2 work: the string is at most 64 bytes, numbers at
// most 10 digits, and the bounds of `Argon2idParameters` are applied last.

extension CloserError.Code {
    public static let kdfParamsTooLong = Self("kdfparams.too_long", .invalidParameters)
    public static let kdfParamsInvalidCharacter = Self("kdfparams.invalid_character", .invalidParameters)
    public static let kdfParamsMalformed = Self("kdfparams.malformed", .invalidParameters)
    public static let kdfParamsUnknownAlgorithm = Self("kdfparams.unknown_algorithm", .invalidParameters)
    public static let kdfParamsMissingVersion = Self("kdfparams.missing_version", .invalidParameters)
    public static let kdfParamsUnsupportedVersion = Self("kdfparams.unsupported_version", .invalidParameters)
    public static let kdfParamsMissingField = Self("kdfparams.missing_field", .invalidParameters)
    public static let kdfParamsUnknownField = Self("kdfparams.unknown_field", .invalidParameters)
    public static let kdfParamsDuplicateField = Self("kdfparams.duplicate_field", .invalidParameters)
    public static let kdfParamsFieldOrder = Self("kdfparams.field_order", .invalidParameters)
    public static let kdfParamsInvalidNumber = Self("kdfparams.invalid_number", .invalidParameters)
    public static let kdfParamsTrailingSegment = Self("kdfparams.trailing_segment", .invalidParameters)
    public static let kdfParamsCostTooHigh = Self("kdfparams.cost_too_high", .invalidParameters)
}

/// The Argon2id parameters named by a `kdfParams` PHC string (no salt, no hash).
public struct KDFParams: Hashable, Sendable, CustomStringConvertible {
    /// Memory cost in KiB (`m`).
    public let memoryKiB: Int
    /// Passes (`t`).
    public let iterations: Int
    /// Lanes (`p`).
    public let parallelism: Int

    /// The only algorithm identifier accepted.
    public static let algorithm = "argon2id"
    /// The only version accepted (0x13).
    public static let version = 19
    /// Longest accepted text, in bytes. The longest valid text is 50 bytes.
    public static let maximumLength = 64

    /// Reader bounds: a `kdfParams` is read from a document someone else wrote, so its cost
    /// is capped near the production set (m = 46080, t = 3, p = 1), far below the wide bounds
    /// of `Argon2idParameters` (specs/argon2id.md §"Reader bounds"): at most 64 MiB,
    /// 4 passes, 2 lanes.
    public static let readerMaximumMemoryKiB = 65536
    /// Most passes a document may ask for.
    public static let readerMaximumIterations = 4
    /// Most lanes a document may ask for.
    public static let readerMaximumParallelism = 2

    /// Parameters within the bounds of `Argon2idParameters` (specs/argon2id.md §"Bounds"),
    /// then within the reader bounds (§"Reader bounds": `kdfparams.cost_too_high`).
    public init(memoryKiB: Int, iterations: Int, parallelism: Int) throws(CloserError) {
        // The output length does not appear in kdfParams; 32 is always inside the bounds.
        _ = try Argon2idParameters(
            memoryKiB: memoryKiB, iterations: iterations, parallelism: parallelism, outputLength: 32)
        for (name, value, bound) in [
            ("p", parallelism, Self.readerMaximumParallelism), ("m", memoryKiB, Self.readerMaximumMemoryKiB),
            ("t", iterations, Self.readerMaximumIterations),
        ] where value > bound {
            throw CloserError(
                .kdfParamsCostTooHigh,
                "kdfParams \(name)=\(value) is above the reader bound \(bound) (m ≤ \(Self.readerMaximumMemoryKiB) KiB, t ≤ \(Self.readerMaximumIterations), p ≤ \(Self.readerMaximumParallelism))"
            )
        }
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// Constants known to be inside the bounds (the profile's; a test checks them).
    package init(unchecked memoryKiB: Int, _ iterations: Int, _ parallelism: Int) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// The Argon2id parameters for a key of `outputLength` bytes.
    public func argon2idParameters(outputLength: Int) throws(CloserError) -> Argon2idParameters {
        try Argon2idParameters(
            memoryKiB: memoryKiB, iterations: iterations, parallelism: parallelism, outputLength: outputLength)
    }

    /// The canonical text: `$argon2id$v=19$m=<m>,t=<t>,p=<p>`, decimal without leading zeros.
    public var string: String { "$\(Self.algorithm)$v=\(Self.version)$m=\(memoryKiB),t=\(iterations),p=\(parallelism)" }

    public var description: String { string }

    /// Parses the canonical text strictly. The first failing check names the error
    /// (order: specs/argon2id.md §"kdfParams").
    public init(parsing text: some StringProtocol) throws(CloserError) {
        // 1. Length, before looking at any byte.
        let count = text.utf8.count
        guard count <= Self.maximumLength else {
            throw CloserError(.kdfParamsTooLong, "kdfParams is \(count) bytes; at most \(Self.maximumLength) accepted")
        }
        let bytes = Array(text.utf8)
        // 2. Printable ASCII only: no whitespace, no control characters, no non-ASCII.
        for (offset, b) in bytes.enumerated() where !(0x21...0x7e).contains(b) {
            throw CloserError(
                .kdfParamsInvalidCharacter, "kdfParams has \(Base64.describe(byte: b)) at offset \(offset)")
        }
        // 3. `$`-separated segments: "", algorithm, version, parameters.
        let segments = bytes.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
        guard segments.count >= 2, segments[0].isEmpty else {
            throw CloserError(.kdfParamsMalformed, "kdfParams must start with \"$argon2id$\"")
        }
        let algorithm = Self.text(segments[1])
        guard algorithm == Self.algorithm else {
            throw CloserError(
                .kdfParamsUnknownAlgorithm, "kdfParams algorithm \"\(Self.clipped(algorithm))\" is not \"argon2id\"")
        }
        guard segments.count >= 3, segments[2].starts(with: "v=".utf8) else {
            throw CloserError(
                .kdfParamsMissingVersion,
                "kdfParams has no \"v=19\" segment after the algorithm (a PHC string without v means version 16)")
        }
        let version = try Self.number(segments[2].dropFirst(2), field: "v")
        guard version == Self.version else {
            throw CloserError(.kdfParamsUnsupportedVersion, "kdfParams version \(version) is not 19 (0x13)")
        }
        guard segments.count >= 4 else {
            throw CloserError(.kdfParamsMissingField, "kdfParams has no parameter segment \"m=…,t=…,p=…\"")
        }
        guard segments.count == 4 else {
            throw CloserError(
                .kdfParamsTrailingSegment,
                "kdfParams has \(segments.count - 4) segment(s) after the parameters; it carries no salt or hash")
        }
        // 4. Fields `m`, `t`, `p`, in that order, each exactly once.
        let names: [UInt8] = [UInt8(ascii: "m"), UInt8(ascii: "t"), UInt8(ascii: "p")]
        var values: [Int?] = [nil, nil, nil]
        var last = -1
        for field in segments[3].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let equals = field.firstIndex(of: UInt8(ascii: "=")) else {
                throw CloserError(
                    .kdfParamsMalformed, "kdfParams field \"\(Self.clipped(Self.text(field)))\" is not name=value")
            }
            let nameBytes = field[..<equals]
            guard nameBytes.count == 1, let name = nameBytes.first, let index = names.firstIndex(of: name) else {
                throw CloserError(
                    .kdfParamsUnknownField,
                    "kdfParams field \"\(Self.clipped(Self.text(nameBytes)))\" is not one of m, t, p")
            }
            let fieldName = String(Unicode.Scalar(name))
            guard values[index] == nil else {
                throw CloserError(.kdfParamsDuplicateField, "kdfParams field \"\(fieldName)\" appears twice")
            }
            guard index > last else {
                throw CloserError(.kdfParamsFieldOrder, "kdfParams fields must be in the order m, t, p")
            }
            values[index] = try Self.number(field[(equals + 1)...], field: fieldName)
            last = index
        }
        for (i, v) in values.enumerated() where v == nil {
            throw CloserError(
                .kdfParamsMissingField, "kdfParams has no \"\(String(Unicode.Scalar(names[i])))\" field")
        }
        // 5. Bounds.
        try self.init(memoryKiB: values[0]!, iterations: values[1]!, parallelism: values[2]!)
    }

    /// A decimal number: digits only, no sign, no leading zero, at most 10 digits and at
    /// most 2^32 - 1 (every Argon2 parameter is a uint32).
    static func number(_ digits: ArraySlice<UInt8>, field: String) throws(CloserError) -> Int {
        guard !digits.isEmpty else {
            throw CloserError(.kdfParamsInvalidNumber, "kdfParams field \"\(field)\" has no value")
        }
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw CloserError(.kdfParamsInvalidNumber, "kdfParams field \"\(field)\" is not a decimal number")
        }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw CloserError(.kdfParamsInvalidNumber, "kdfParams field \"\(field)\" has a leading zero")
        }
        guard digits.count <= 10 else {
            throw CloserError(.kdfParamsInvalidNumber, "kdfParams field \"\(field)\" overflows 32 bits")
        }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard value <= Int(UInt32.max) else {
            throw CloserError(.kdfParamsInvalidNumber, "kdfParams field \"\(field)\" overflows 32 bits")
        }
        return value
    }

    static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// At most 16 characters of a (printable ASCII) fragment, for messages.
    static func clipped(_ s: String) -> String { s.count <= 16 ? s : String(s.prefix(16)) + "…" }
}
