// Documents, paths and wire strings the rules vectors are built from.
// Normative: specs/rules.md §"Vectors". Every wire string here is made by CloserWire.

import CloserVectorModel
import CloserRules
import CloserWire

/// The fixtures of the rules vector suite.
struct RulesVectorFixtures {
    typealias F = RulesFixture
    let values: RulesVectorValues

    // Real wire values.
    let encAnswerAlice: String
    let encAnswerBob: String
    let encLove: String
    let encMaybeBob: String
    let encPreview: String
    let encMessage: String
    let encMessageEdited: String
    let encPlanTitle: String
    let encBucketTitle: String
    let encGameAlice: String
    let encGameBob: String
    let encRawKeyset: String
    let sealedAlice: SealedAnswer
    let sealedAliceResealed: SealedAnswer
    let sealedThreadAlice: SealedAnswer
    let keyboxAliceToBob: String
    let keyboxThreadAliceToBob: String
    let wrappedCoupleKey: String
    let rewrappedCoupleKey: String
    let kdfSalt: String
    let newKdfSalt: String
    static let kdfParams = "$argon2id$v=19$m=46080,t=3,p=1"

    init() throws(CloserError) {
        let v = try RulesVectorValues()
        values = v
        encAnswerAlice = try v.enc("Our first trip to the coast, when the car broke down.", "answer-alice")
        encAnswerBob = try v.enc("The night we cooked for everyone.", "answer-bob")
        encLove = try v.enc("love", "swipe-alice")
        encMaybeBob = try v.enc("maybe", "swipe-bob")
        encPreview = try v.enc("See you at 8", "preview")
        encMessage = try v.enc("See you at 8", "message")
        encMessageEdited = try v.enc("See you at 9", "message-edited")
        encPlanTitle = try v.enc("Picnic at the lake", "plan-title")
        encBucketTitle = try v.enc("Northern lights", "bucket-title")
        encGameAlice = try v.enc("A", "game-alice")
        encGameBob = try v.enc("B", "game-bob")
        encRawKeyset = try v.encWithRawKeyset("hello")
        sealedAlice = try v.sealed(
            "Our first trip to the coast.", userID: F.alice, questionID: F.questionID, "answer-alice")
        sealedAliceResealed = try v.sealed(
            "Something else entirely.", userID: F.alice, questionID: F.questionID, "answer-alice-tampered")
        sealedThreadAlice = try v.sealed(
            "I would pick the mountains.", userID: F.alice, questionID: F.threadQuestionID, "thread-alice")
        keyboxAliceToBob = try v.keybox(
            from: F.alice, to: v.bobPrivate, recipientID: F.bob, questionID: F.questionID, "answer-alice-bob")
        keyboxThreadAliceToBob = try v.keybox(
            from: F.alice, to: v.bobPrivate, recipientID: F.bob, questionID: F.threadQuestionID, "thread-alice-bob")
        // TODO(couplekey): use CoupleKeyWrap (Argon2id-derived key) once it lands on main. Until
        // then the wrap is the real format (IV ‖ AES-256-GCM ‖ tag over the couple keyset, AAD
        // closer_couple_key) under a seeded key instead of the phrase-derived one.
        func wrap(_ label: String) throws(CloserError) -> String {
            let r = RulesVectorValues.random("wrap/" + label)
            let sealed = try AESGCM.seal(
                key: r.bytes(32), iv: r.bytes(12), plaintext: v.coupleKeyset.serializedBytes,
                aad: Array(CloserProfileV1.coupleKeyWrapAAD.utf8))
            return Base64.encode(sealed, .standard)
        }
        wrappedCoupleKey = try wrap("couple-1")
        rewrappedCoupleKey = try wrap("couple-1-new-phrase")
        kdfSalt = Base64.encode(RulesVectorValues.random("salt/couple-1").bytes(16), .standard)
        newKdfSalt = Base64.encode(RulesVectorValues.random("salt/couple-1-new-phrase").bytes(16), .standard)
    }

    // MARK: Paths

    static func user(_ u: String) -> String { "users/\(u)" }
    static func entitlement(_ u: String) -> String { "users/\(u)/entitlements/premium" }
    static func notification(_ u: String) -> String { "users/\(u)/notification_queue/n-1" }
    static func outcome(_ u: String) -> String { "users/\(u)/outcomes/day_30" }
    static func fcmToken(_ u: String) -> String { "users/\(u)/fcmTokens/token-1" }
    static func device(_ u: String) -> String { "users/\(u)/devices/primary" }
    static let dateIdea = "date_ideas/\(F.dateIdeaID)"
    static let inviteCode = "K7Q2XM"
    static func invite(_ code: String = inviteCode) -> String { "invites/\(code)" }
    static func couple(_ c: String = F.coupleID) -> String { "couples/\(c)" }
    static func dailyQuestion(_ date: String = F.date, couple c: String = F.coupleID) -> String {
        "couples/\(c)/daily_question/\(date)"
    }
    static func answers(_ date: String = F.date) -> String { dailyQuestion(date) + "/answers" }
    static func answer(_ u: String, date: String = F.date) -> String { answers(date) + "/\(u)" }
    static func secure(_ u: String) -> String { answer(u) + "/secure/payload" }
    static func releaseKey(_ u: String, _ r: String) -> String { answer(u) + "/releaseKeys/\(r)" }
    static let thread = "couples/\(F.coupleID)/threads/\(F.threadID)"
    static func threadMessage(_ u: String) -> String { thread + "/messages/\(u)" }
    static func threadReleaseKey(_ u: String, _ r: String) -> String { threadMessage(u) + "/releaseKeys/\(r)" }
    static let conversation = "couples/\(F.coupleID)/conversations/\(F.conversationID)"
    static func message(_ id: String = "m-1") -> String { conversation + "/messages/\(id)" }
    static func swipe(couple c: String = F.coupleID) -> String { "couples/\(c)/date_swipes/\(F.dateIdeaID)" }
    static let dateMatch = "couples/\(F.coupleID)/date_matches/match-1"
    static func datePlan(couple c: String = F.coupleID) -> String { "couples/\(c)/date_plans/plan-1" }
    static let datePlanPreference = "couples/\(F.coupleID)/date_plan_preferences/pref-1"
    static func bucketItem(couple c: String = F.coupleID) -> String { "couples/\(c)/bucket_list/item-1" }
    static let gentleReminder = "couples/\(F.coupleID)/gentle_reminders/\(F.date)"
    static func game(_ type: String = "this_or_that") -> String { "couples/\(F.coupleID)/\(type)/session-1" }

    // MARK: Documents

    static let t0 = J.ts("2025-03-14T18:00:00Z")
    static let t1 = J.ts("2025-03-14T18:05:30.250Z")
    static let t2 = J.ts("2025-03-14T21:12:00Z")

    /// The documents every vector's world holds.
    static var baseWorld: [String: Doc] {
        [
            user(F.alice): userDoc(F.alice, couple: F.coupleID, platform: "android"),
            user(F.bob): userDoc(F.bob, couple: F.coupleID, platform: "ios"),
            user(F.mallory): userDoc(F.mallory, couple: F.otherCoupleID, platform: "android"),
            couple(): coupleDoc(F.coupleID, [F.alice, F.bob]),
            couple(F.otherCoupleID): coupleDoc(F.otherCoupleID, [F.mallory, F.trent]),
        ]
    }

    /// The legacy (encryptionVersion 0) couple and its members, for LegacyCouple cases.
    static var legacyWorld: [String: Doc] {
        var c = coupleDoc(F.legacyCoupleID, [F.carol, F.dave])
        c["encryptionVersion"] = .number(0)
        return [
            couple(F.legacyCoupleID): c, user(F.carol): userDoc(F.carol, couple: F.legacyCoupleID, platform: "ios"),
        ]
    }

    static func userDoc(_ u: String, couple c: String?, platform: String) -> Doc {
        [
            "email": .string("\(u)@example.com"), "displayName": .string(u.prefix(1).uppercased() + u.dropFirst()),
            "photoUrl": .null, "coupleId": c.map(JSONValue.string) ?? .null, "platform": .string(platform),
            "hasPremium": .bool(false),
        ]
    }

    static func coupleDoc(_ c: String, _ members: [String]) -> Doc {
        [
            "id": .string(c), "userIds": J.list(members), "inviteCode": .string(inviteCode), "createdAt": t0,
            "streakCount": .number(3), "lastAnsweredAt": t0, "currentQuestionId": .string(F.questionID),
            "activePackId": .null, "encryptionVersion": .number(2),
        ]
    }

    func fullCoupleDoc(_ c: String, _ members: [String]) -> Doc {
        var d = Self.coupleDoc(c, members)
        d["streakCount"] = .number(0)
        d["lastAnsweredAt"] = .null
        d["currentQuestionId"] = .null
        d["wrappedCoupleKey"] = .string(wrappedCoupleKey)
        d["kdfSalt"] = .string(kdfSalt)
        d["kdfParams"] = .string(Self.kdfParams)
        return d
    }

    static let premiumDoc: Doc = [
        "premium": .bool(true), "expiresAt": J.ts("2025-04-14T18:00:00Z"), "updatedAt": t0,
        "productId": .string("closer_monthly"), "eventType": .string("INITIAL_PURCHASE"),
    ]
    static func notificationDoc(read: Bool = false) -> Doc {
        [
            "type": .string("partner_answered"), "read": .bool(read), "createdAt": t0,
            "title": .string("Bob answered"), "body": .string("Your turn to answer today's question"),
            "sent": .bool(false),
        ]
    }
    static let outcomeDoc: Doc = ["submittedAt": t0, "answers": J.map(["closeness": .number(4)])]
    static let fcmTokenDoc: Doc = [
        "token": .string("fcm-token-abc123"), "platform": .string("android"), "updatedAt": t0,
    ]
    static func deviceDoc(_ pub: String) -> Doc {
        ["publicKey": .string(pub), "platform": .string("android"), "updatedAt": t0]
    }
    static let dateIdeaDoc: Doc = [
        "title": .string("Picnic"), "description": .string("Pack a lunch"), "category": .string("outdoors"),
        "imageUrl": .string("https://example.com/picnic.png"),
    ]
    func inviteDoc(inviter: String) -> Doc {
        [
            "code": .string(Self.inviteCode), "inviterUserId": .string(inviter), "status": .string("pending"),
            "createdAt": Self.t0, "expiresAt": J.ts("2025-03-15T18:00:00Z"),
            "wrappedCoupleKey": .string(wrappedCoupleKey),
            "kdfSalt": .string(kdfSalt), "kdfParams": .string(Self.kdfParams),
            "recoveryPhrase": .string("placeholder-encrypted-phrase"),
        ]
    }
    static let dailyQuestionDoc: Doc = [
        "questionId": .string(F.questionID), "date": .string(F.date), "assignedAt": t0,
        "expiresAt": J.ts("2025-03-15T23:00:00Z"),
    ]
    static func v2Answer(_ u: String) -> Doc {
        [
            "userId": .string(u), "questionId": .string(F.questionID), "answerType": .string("text"),
            "schemaVersion": .number(2), "answerDate": .string(F.date), "createdAt": t1, "updatedAt": t1,
            "isRevealed": .bool(false),
        ]
    }
    func v3Answer(_ u: String, _ sealed: SealedAnswer? = nil) -> Doc {
        let s = sealed ?? sealedAlice
        return [
            "userId": .string(u), "questionId": .string(F.questionID), "answerType": .string("text"),
            "schemaVersion": .number(3), "answerDate": .string(F.date), "encryptedPayload": .string(s.value),
            "commitmentHash": .string(s.commitment.string), "createdAt": Self.t1, "updatedAt": Self.t1,
            "isRevealed": .bool(false), "answerKeyReleased": .bool(false),
        ]
    }
    static func secureDoc(_ enc: String) -> Doc { ["encryptedPayload": .string(enc)] }
    static func releaseKeyDoc(_ keybox: String) -> Doc { ["encryptedAnswerKey": .string(keybox)] }
    static func threadDoc(by u: String) -> Doc {
        ["questionId": .string(F.threadQuestionID), "createdAt": t0, "createdByUserId": .string(u)]
    }
    func threadMessageDoc(_ u: String) -> Doc {
        [
            "userId": .string(u), "questionId": .string(F.threadQuestionID), "schemaVersion": .number(3),
            "encryptedPayload": .string(sealedThreadAlice.value),
            "commitmentHash": .string(sealedThreadAlice.commitment.string), "createdAt": Self.t1,
            "updatedAt": Self.t1, "answerKeyReleased": .bool(false),
        ]
    }
    func conversationDoc(preview: JSONValue? = nil) -> Doc {
        [
            "type": .string("couple"), "questionId": .null, "createdAt": Self.t0, "lastMessageAt": Self.t1,
            "lastMessagePreview": preview ?? .string(encPreview), "lastMessageSenderId": .string(F.alice),
            "reads": J.map([F.alice: Self.t1, F.bob: Self.t0]), "typing": J.map([F.bob: Self.t0]),
        ]
    }
    func messageDoc(by author: String) -> Doc {
        [
            "authorUserId": .string(author), "text": .string(encMessage), "type": .string("text"), "mediaUrl": .null,
            "durationMs": .null, "reactions": J.map([:]), "createdAt": Self.t1, "deleted": .bool(false),
        ]
    }
    static func swipeEntry(_ action: String, at ms: Double = 1_741_975_200_000) -> JSONValue {
        J.map(["action": .string(action), "swipedAt": .number(ms)])
    }
    static func swipeDoc(_ entries: [String: JSONValue]) -> Doc { ["actions": .object(entries)] }
    static let dateMatchDoc: Doc = [
        "userIds": J.list([F.alice, F.bob]), "dateIdeaId": .string(F.dateIdeaID), "createdAt": t2,
    ]
    func datePlanDoc(title: JSONValue? = nil, status: String = "planned") -> Doc {
        [
            "title": title ?? .string(encPlanTitle), "dateTime": J.ts("2025-03-21T19:00:00Z"),
            "status": .string(status),
        ]
    }
    static let preferenceDoc: Doc = ["categories": J.map(["outdoors": .number(3), "food": .number(2)])]
    func bucketDoc(by u: String, title: JSONValue? = nil, category: String = "travel") -> Doc {
        [
            "title": title ?? .string(encBucketTitle), "category": .string(category), "addedByUserId": .string(u),
            "completedAt": .null,
        ]
    }
    static let gentleReminderDoc: Doc = ["sentBy": .string(F.alice), "sentAt": t1]
    func gameDoc(_ answers: [String: JSONValue]) -> Doc {
        [
            "gameType": .string("this_or_that"), "status": .string("active"), "createdAt": Self.t0,
            "startedBy": .string(F.alice), "answers": .object(answers),
        ]
    }
}
