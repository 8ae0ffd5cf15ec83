// acceptInviteCallable's server behaviour as a pure function of the state it reads: the rate
// limit over users/{uid}/invite_attempts, the invite's checks in order, and what it writes.
// Normative: specs/cloud-functions.md §acceptInviteCallable server behaviour (D-CF-18..23, D-CF-33..38).

import CloserWire

/// What acceptInviteCallable reads (specs/cloud-functions.md §acceptInviteCallable).
public struct AcceptInviteState: Sendable {
    /// The authenticated caller's uid; nil when unauthenticated.
    public var caller: String?
    /// The request's code (callables.md validates its form).
    public var code: String
    public var now: Instant
    /// The caller's `invite_attempts` documents.
    public var attempts: [JSONValue]
    /// `invites/{code}`; nil when it does not exist.
    public var invite: JSONValue?
    /// `users/{caller}` and `users/{inviterUserId}`; nil when absent.
    public var callerUser: JSONValue?
    public var inviterUser: JSONValue?

    public init(
        caller: String?, code: String, now: Instant, attempts: [JSONValue], invite: JSONValue?,
        callerUser: JSONValue?, inviterUser: JSONValue?
    ) {
        self.caller = caller
        self.code = code
        self.now = now
        self.attempts = attempts
        self.invite = invite
        self.callerUser = callerUser
        self.inviterUser = inviterUser
    }
}

/// Why an accept is refused, in check order, with its `HttpsError` code (D-CF-21, D-CF-33).
public enum AcceptInviteRefusal: String, Sendable {
    case unauthenticated, rateLimited = "rate_limited", notFound = "not_found", notPending = "not_pending"
    case expired, ownInvite = "own_invite", alreadyPaired = "already_paired"
    case missingEncryptionMaterial = "missing_encryption_material"

    public var httpsError: String {
        switch self {
        case .unauthenticated: "unauthenticated"
        case .rateLimited: "resource-exhausted"
        case .notFound: "not-found"
        default: "failed-precondition"
        }
    }
}

/// The verdict: the refusal (if any), whether the attempt is recorded, and on acceptance the
/// inviter and the material returned and copied to the couple.
public struct AcceptInviteVerdict: Sendable, Equatable {
    public var refusal: AcceptInviteRefusal?
    public var recordsAttempt: Bool
    public var inviterUserId: String?
    /// wrappedCoupleKey, kdfSalt, kdfParams, recoveryPhrase (accepted only).
    public var material: [String: String]
}

public enum AcceptInvite {
    /// At most this many attempts per caller in the hour before now (D-CF-18).
    public static let maximumAttemptsPerHour = 10
    /// An attempt record's `expiresAt` (the TTL field) is this long after `attemptedAt` (D-CF-18).
    public static let attemptTTLSeconds: Int64 = 25 * 3600
    /// The members copied from the invite and returned (callables.md, D-CF-37).
    public static let materialMembers = ["wrappedCoupleKey", "kdfSalt", "kdfParams", "recoveryPhrase"]

    /// Attempts that count: a well-formed `attemptedAt` in (now − 1 h, now] (D-CF-34).
    public static func recentAttempts(_ attempts: [JSONValue], now: Instant) -> Int {
        let start = Instant(secondsSince1970: now.seconds - 3600, nanoseconds: now.nanoseconds)
        return attempts.filter { doc in
            guard let at = doc["attemptedAt"].flatMap(DocumentShape.timestamp) else { return false }
            return start < at && !(now < at)
        }.count
    }

    public static func decide(_ s: AcceptInviteState) -> AcceptInviteVerdict {
        func refused(_ r: AcceptInviteRefusal, recorded: Bool = true) -> AcceptInviteVerdict {
            AcceptInviteVerdict(refusal: r, recordsAttempt: recorded, inviterUserId: nil, material: [:])
        }
        guard let caller = s.caller else { return refused(.unauthenticated, recorded: false) }
        guard recentAttempts(s.attempts, now: s.now) < maximumAttemptsPerHour else {
            return refused(.rateLimited, recorded: false)
        }
        guard case .object(let invite)? = s.invite, case .string(let inviter)? = invite["inviterUserId"],
            !inviter.isEmpty
        else { return refused(.notFound) }
        // Ids and status compare as exact scalar sequences (specs/cloud-functions.md, D-CF-62).
        if let status = invite["status"], !status.isString(exactly: "pending") { return refused(.notPending) }
        guard let expires = invite["expiresAt"].flatMap(DocumentShape.timestamp), !(expires < s.now) else {
            return refused(.expired)
        }
        if inviter.isIdentical(to: caller) { return refused(.ownInvite) }
        if isPaired(s.callerUser) || isPaired(s.inviterUser) { return refused(.alreadyPaired) }
        var material: [String: String] = [:]
        for name in materialMembers {
            guard case .string(let v)? = invite[name], !v.isEmpty else { return refused(.missingEncryptionMaterial) }
            material[name] = v
        }
        return AcceptInviteVerdict(refusal: nil, recordsAttempt: true, inviterUserId: inviter, material: material)
    }

    /// A user document whose `coupleId` is a non-empty string (D-CF-36).
    static func isPaired(_ user: JSONValue?) -> Bool {
        guard case .string(let id)? = user?["coupleId"] else { return false }
        return !id.isEmpty
    }
}

extension Instant {
    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` in UTC, the fraction without trailing zeros (D-CF-35).
    public var utcText: String {
        let days = Int(seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400)
        let rest = Int(seconds - Int64(days) * 86400)
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        var text =
            CivilDate(daysSince1970: days).key + "T" + pad(rest / 3600, 2) + ":" + pad(rest / 60 % 60, 2) + ":"
            + pad(rest % 60, 2)
        if nanoseconds > 0 {
            var fraction = pad(Int(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }
}
