// The closed registry of the error codes this module raises. specs/errors.md lists exactly
// these codes with these categories (the engine's `rules.*` codes, declared in CoreRules, and
// the callables' `callable.*`); a test checks both directions, and that every code
// declared in Sources/ is in a registry.

import CoreWire

extension CloserError.Code {
    /// Every code CloserRules raises, by code.
    public static let allRules: [Self] = [
        .callableAliasMember,
        .callableInvalidCode,
        .callableInvalidMemberType,
        .callableInvalidValue,
        .callableInviteNotPending,
        .callableMissingCode,
        .callableMissingEncryptionMaterial,
        .callableMissingMember,
        .callableNotAnObject,
        .callableUnknown,
        .rulesCheckInput,
        .rulesInvalidPath,
        .rulesMalformedRequest,
        .rulesMalformedTimestamp,
        .rulesMalformedValue,
        .rulesValueTooDeep,
    ]
}
