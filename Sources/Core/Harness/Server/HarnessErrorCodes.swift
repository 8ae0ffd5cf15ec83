// The closed registry of the error codes this module raises. specs/errors.md lists exactly
// these codes with these categories; a test checks both directions, and that every code
// declared in Sources/ is in a registry.

import CloserWire

extension CloserError.Code {
    /// Every code the harness server raises.
    package static let allHarness: [Self] = [
        .captureMalformed,
        .captureMissingMember,
        .harnessBadKnownFailures,
        .harnessMalformedRequest,
        .harnessPortUnusable,
        .harnessUnknownOp,
        .reportMalformedResults,
        .vectorsCountMismatch,
        .vectorsDigestMismatch,
        .vectorsManifestFileMissing,
        .vectorsManifestMalformed,
        .vectorsNotInManifest,
        .vectorsPinMismatch,
        .vectorsUnreadable,
        .killMatrixMalformed,
        .killMatrixUnknownTest,
        .killMatrixMissing,
    ]
}
