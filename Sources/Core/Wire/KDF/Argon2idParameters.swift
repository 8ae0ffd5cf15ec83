// Argon2id cost parameters and their bounds. Normative: specs/argon2id.md §"Bounds".
//
// The bounds are checked here, in the initializer, before any backend sees the values:
// a document that asks for gigabytes of memory or thousands of passes is refused at once,
// without allocating. A value of this type is always safe to hand to a backend.

extension CloserError.Code {
    public static let argon2MemoryOutOfRange = Self("argon2.memory_out_of_range", .invalidParameters)
    public static let argon2IterationsOutOfRange = Self("argon2.iterations_out_of_range", .invalidParameters)
    public static let argon2ParallelismOutOfRange = Self("argon2.parallelism_out_of_range", .invalidParameters)
    public static let argon2OutputLengthOutOfRange = Self("argon2.output_length_out_of_range", .invalidParameters)
    public static let argon2SaltLengthOutOfRange = Self("argon2.salt_length_out_of_range", .invalidParameters)
    public static let argon2PasswordTooLong = Self("argon2.password_too_long", .invalidParameters)
}

/// Argon2id (version 0x13) cost parameters, validated against CloserSpec's bounds.
///
/// Units are in the names: `memoryKiB` is in kibibytes (libargon2 and BouncyCastle take
/// KiB; libsodium takes bytes, its backend converts).
public struct Argon2idParameters: Hashable, Sendable, CustomStringConvertible {
    /// Memory cost in KiB (`m`).
    public let memoryKiB: Int
    /// Number of passes (`t`).
    public let iterations: Int
    /// Lanes (`p`).
    public let parallelism: Int
    /// Length of the derived key in bytes.
    public let outputLength: Int

    /// The Argon2 version every backend must use (0x13 = 19).
    public static let version = 0x13

    /// Largest accepted memory cost: 1 GiB.
    public static let maximumMemoryKiB = 1_048_576
    /// Accepted passes.
    public static let iterationsRange = 1...10
    /// Accepted lanes.
    public static let parallelismRange = 1...16
    /// Accepted output lengths (bytes).
    public static let outputLengthRange = 16...64
    /// Accepted salt lengths (bytes); checked by `Argon2id.deriveKey`.
    public static let saltLengthRange = 8...64
    /// Longest accepted password (bytes); checked by `Argon2id.deriveKey`.
    public static let maximumPasswordLength = 4096

    /// Accepted memory costs for a given parallelism: Argon2 needs 8 KiB per lane.
    public static func memoryKiBRange(parallelism: Int) -> ClosedRange<Int> {
        (8 * max(parallelism, 1))...maximumMemoryKiB
    }

    /// Validates and stores the parameters. Order of checks: parallelism, memory,
    /// iterations, output length (specs/argon2id.md §"Bounds").
    public init(memoryKiB: Int, iterations: Int, parallelism: Int, outputLength: Int) throws(CloserError) {
        guard Self.parallelismRange.contains(parallelism) else {
            throw CloserError(
                .argon2ParallelismOutOfRange,
                "Argon2id parallelism \(parallelism) is outside \(Self.parallelismRange.lowerBound)...\(Self.parallelismRange.upperBound)"
            )
        }
        let memoryRange = Self.memoryKiBRange(parallelism: parallelism)
        guard memoryRange.contains(memoryKiB) else {
            throw CloserError(
                .argon2MemoryOutOfRange,
                "Argon2id memory \(memoryKiB) KiB is outside \(memoryRange.lowerBound)...\(memoryRange.upperBound) KiB (8 KiB per lane, at most 1 GiB)"
            )
        }
        guard Self.iterationsRange.contains(iterations) else {
            throw CloserError(
                .argon2IterationsOutOfRange,
                "Argon2id iterations \(iterations) is outside \(Self.iterationsRange.lowerBound)...\(Self.iterationsRange.upperBound)"
            )
        }
        guard Self.outputLengthRange.contains(outputLength) else {
            throw CloserError(
                .argon2OutputLengthOutOfRange,
                "Argon2id output length \(outputLength) is outside \(Self.outputLengthRange.lowerBound)...\(Self.outputLengthRange.upperBound) bytes"
            )
        }
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
        self.outputLength = outputLength
    }

    /// Constants known to be inside the bounds (the profile's; a test checks them).
    package init(unchecked memoryKiB: Int, _ iterations: Int, _ parallelism: Int, _ outputLength: Int) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
        self.outputLength = outputLength
    }

    public var description: String {
        "Argon2id(m=\(memoryKiB) KiB, t=\(iterations), p=\(parallelism), \(outputLength) bytes)"
    }
}
