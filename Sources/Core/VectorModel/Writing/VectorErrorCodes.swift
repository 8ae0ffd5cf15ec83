// The closed registry of the error codes this module raises. specs/errors.md lists exactly
// these codes with these categories; a test checks both directions, and that every code
// declared in Sources/ is in a registry.

import CoreWire

extension CloserError.Code {
    package static let rulesVectorMismatch = Self("rules.vector_mismatch", .invalidParameters)

    /// Every code vector generation raises, and the bounded reader's (BoundedFile).
    package static let allVectors: [Self] = [
        .inputBudgetExceeded,
        .inputFileTooLarge,
        .inputFileUnreadable,
        .inputNotRegularFile,
        .inputSymlink,
        .rulesVectorMismatch,
        .vectorGenerationFailed,
        .vectorsMalformedFile,
        .vectorsUnknownReading,
    ]
}
