// The members of each covered document. Normative: specs/documents.md §Members; the manual's
// §Firestore data model, §The couples document model, M-001 (decisions D-DOC-NN).

import CloserWire

extension DocumentCollection {
    static let minuteOfDay = DocumentMemberType.integer(0...1439)
    static let platform = DocumentMemberType.oneOf(["android", "ios"])

    /// users/{uid}: the members a client writes (the allowlist, rules.md); all optional (D-DOC-01..04).
    static func users(id: String) -> Self {
        Self(
            name: "users", id: id,
            rules: [
                .optional("email", .string, "a string"),
                .optional("displayName", .string, "a string"),
                .optional("photoUrl", .nullable(.string), "a string or null"),
                .optional("platform", .nullable(platform), "\"android\", \"ios\" or null"),
                .optional("fcmToken", .nonEmptyString, "a non-empty string"),
                .optional("quietHoursEnabled", .bool, "a bool"),
                .optional("quietHoursStartMinutes", minuteOfDay, "an integer 0…1439"),
                .optional("quietHoursEndMinutes", minuteOfDay, "an integer 0…1439"),
                .optional("timezone", .zone, "a tz database zone id"),
            ],
            serverMembers: ["coupleId", "hasPremium"])
    }

    /// couples/{coupleId}: the members a client update may write (isUpdatingRecoveryWrap,
    /// isUpdatingCoupleRhythm); the rest are server-controlled (D-DOC-05).
    static func couples(id: String) -> Self {
        Self(
            name: "couples", id: id,
            rules: [
                .optional("wrappedCoupleKey", .nonEmptyString, "a non-empty string"),
                .optional("kdfSalt", .nonEmptyString, "a non-empty string"),
                .optional("kdfParams", .nonEmptyString, "a non-empty string"),
                .optional("streakCount", .integer(0...Int(Int32.max)), "an integer ≥ 0"),
                .optional("lastAnsweredAt", .nullable(.timestamp), "a timestamp or null"),
            ],
            serverMembers: [
                "id", "userIds", "inviteCode", "createdAt", "currentQuestionId", "activePackId",
                "encryptionVersion", "encryptionMigrationUsers",
            ])
    }

    /// users/{uid}/fcmTokens/{tokenId}: open (the device id's member name is not stated, D-DOC-06).
    static func fcmToken(id: String) -> Self {
        Self(
            name: "fcmTokens", id: id,
            rules: [
                .required("token", .nonEmptyString, "a non-empty string"),
                .required("platform", platform, "\"android\" or \"ios\""),
                .required("updatedAt", .timestamp, "a timestamp"),
            ], closed: false)
    }

    /// users/{uid}/notification_queue/{id}: open ("plus arbitrary caller-supplied fields", D-DOC-08).
    static func notification(id: String) -> Self {
        Self(
            name: "notification_queue", id: id,
            rules: [
                .required("type", .nonEmptyString, "a non-empty string"),
                .required("read", .bool, "a bool"),
                .required("createdAt", .timestamp, "a timestamp"),
                .optional("sent", .bool, "a bool"),
                .optional("title", .string, "a string"),
                .optional("body", .string, "a string"),
            ], closed: false)
    }

    /// users/{uid}/outcomes/{dayKey} (D-DOC-07).
    static func outcome(id: String) -> Self {
        Self(
            name: "outcomes", id: id,
            rules: [
                .required("submittedAt", .timestamp, "a timestamp"),
                .required("answers", .map, "a map"),
            ])
    }

    /// couples/{coupleId}/daily_question/{YYYY-MM-DD} (D-DOC-09, D-DOC-10).
    static func dailyQuestion(id: String) -> Self {
        Self(
            name: "daily_question", id: id,
            rules: [
                .required("questionId", .nonEmptyString, "a non-empty string"),
                .required("date", .string, "a string"),
                .required("assignedAt", .timestamp, "a timestamp"),
                .required("expiresAt", .timestamp, "a timestamp"),
            ])
    }
}
