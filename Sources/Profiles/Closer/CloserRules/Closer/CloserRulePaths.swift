// Closer's match blocks: every collection of the data model and rules sections specs/rules.md
// restates. Normative: specs/rules.md §"Paths". Anything else is denied by default.

/// The match patterns of Closer's firestore.rules.
public enum CloserRulePaths {
    static let answerBase = "couples/{coupleId}/daily_question/{date}/answers/{userId}"

    public static let user = PathPattern("user", "users/{uid}")
    public static let entitlement = PathPattern(
        "entitlement", "users/{uid}/entitlements/{entitlementId}")
    public static let notification = PathPattern(
        "notification", "users/{uid}/notification_queue/{notificationId}")
    public static let outcome = PathPattern("outcome", "users/{uid}/outcomes/{dayKey}")
    public static let fcmToken = PathPattern("fcmToken", "users/{uid}/fcmTokens/{tokenId}")
    public static let device = PathPattern("device", "users/{uid}/devices/{deviceId}")
    public static let dateIdea = PathPattern("dateIdea", "date_ideas/{dateIdeaId}")
    public static let invite = PathPattern("invite", "invites/{code}")
    public static let couple = PathPattern("couple", "couples/{coupleId}")
    public static let dailyQuestion = PathPattern(
        "dailyQuestion", "couples/{coupleId}/daily_question/{date}")
    public static let answer = PathPattern("answer", answerBase)
    public static let securePayload = PathPattern("securePayload", answerBase + "/secure/payload")
    public static let answerReleaseKey = PathPattern(
        "answerReleaseKey", answerBase + "/releaseKeys/{recipientId}")
    public static let thread = PathPattern("thread", "couples/{coupleId}/threads/{threadId}")
    public static let threadMessage = PathPattern(
        "threadMessage", "couples/{coupleId}/threads/{threadId}/messages/{userId}")
    public static let threadReleaseKey = PathPattern(
        "threadReleaseKey",
        "couples/{coupleId}/threads/{threadId}/messages/{userId}/releaseKeys/{recipientId}")
    public static let conversation = PathPattern(
        "conversation", "couples/{coupleId}/conversations/{conversationId}")
    public static let message = PathPattern(
        "message", "couples/{coupleId}/conversations/{conversationId}/messages/{messageId}")
    public static let dateSwipe = PathPattern(
        "dateSwipe", "couples/{coupleId}/date_swipes/{dateIdeaId}")
    public static let dateMatch = PathPattern(
        "dateMatch", "couples/{coupleId}/date_matches/{matchId}")
    public static let datePlan = PathPattern("datePlan", "couples/{coupleId}/date_plans/{planId}")
    public static let datePlanPreference = PathPattern(
        "datePlanPreference", "couples/{coupleId}/date_plan_preferences/{prefId}")
    public static let bucketListItem = PathPattern(
        "bucketListItem", "couples/{coupleId}/bucket_list/{itemId}")
    public static let gentleReminder = PathPattern(
        "gentleReminder", "couples/{coupleId}/gentle_reminders/{date}")
    /// The four game-session collections ("Games are company-proof").
    public static let gameCollections = ["this_or_that", "desire_sync", "how_well", "wheel"]
    public static let gameSession = PathPattern(
        "gameSession",
        "couples/{coupleId}/{gameType=\(gameCollections.joined(separator: "|"))}/{sessionId}")
    public static let entitlementEvent = PathPattern(
        "entitlementEvent", "entitlement_events/{eventId}")
    public static let question = PathPattern("question", "questions/{questionId}")
    public static let rateLimit = PathPattern("rateLimit", "rate_limits/{docId}")

    /// Every pattern, in match order.
    public static let all: [PathPattern] = [
        user, entitlement, notification, outcome, fcmToken, device, dateIdea, invite, couple,
        dailyQuestion, answer,
        securePayload, answerReleaseKey, thread, threadMessage, threadReleaseKey, conversation, message,
        dateSwipe,
        dateMatch, datePlan, datePlanPreference, bucketListItem, gentleReminder, gameSession,
        entitlementEvent,
        question, rateLimit,
    ]
}
