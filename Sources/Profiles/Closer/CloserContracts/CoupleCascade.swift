// What leaveCoupleCallable (with onCoupleLeave) and onUserDelete write and send: ordered Firestore
// writes and partner pushes. Normative: specs/cloud-functions.md §leaveCouple and account deletion
// (D-CF-53, D-CF-54, D-CF-57, D-CF-58).

import CloserWire

/// One Firestore write of a cascade (specs/cloud-functions.md §leaveCouple and account deletion, "Writes").
public struct FirestoreWrite: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `update` of existing members: `deleteMembers` removed (`FieldValue.delete()`).
        case update
        /// `add` of a new document with an automatic id to the collection `path`; `serverTimestamps`
        /// are members the server sets to its commit time.
        case add
        /// `create` of the document `path` with `members`, refused when it exists (`DocumentReference.create`).
        case create
        /// `delete` of the document `path` (its subcollections are left).
        case delete
        /// `recursiveDelete` of the document `path` and every subcollection under it.
        case deleteRecursive
    }

    public var kind: Kind
    public var path: String
    public var deleteMembers: [String] = []
    public var members: [String: JSONValue] = [:]
    public var serverTimestamps: [String] = []

    /// The write as the ops answer it.
    public var json: JSONValue {
        var out: [String: JSONValue] = ["kind": .string(kind.rawValue), "path": .string(path)]
        switch kind {
        case .update: out["deleteMembers"] = .array(deleteMembers.map(JSONValue.string))
        case .add, .create:
            out["members"] = .object(members)
            out["serverTimestamps"] = .array(serverTimestamps.map(JSONValue.string))
        case .delete, .deleteRecursive: break
        }
        return .object(out)
    }
}

/// A partner push of a cascade: the recipient and its data payload (fcm.fanout sends it).
public struct CascadePush: Sendable, Equatable {
    public var recipient: String
    public var type: String
    /// Data members beside `type` (partner_joined's `coupleId`; the cascades' pushes have none).
    public var members: [String: String] = [:]

    public var json: JSONValue {
        var data = members.mapValues(JSONValue.string)
        data["type"] = .string(type)
        return .object(["recipient": .string(recipient), "data": .object(data)])
    }
}

/// The writes (in order) and pushes of one cascade.
public struct CascadePlan: Sendable, Equatable {
    public var writes: [FirestoreWrite] = []
    public var pushes: [CascadePush] = []
}

public enum CoupleCascade {
    /// Whether `id` can be one path segment: non-empty, without `/` (D-CF-63).
    public static func isDocumentID(_ id: String) -> Bool {
        !id.isEmpty && !id.unicodeScalars.contains("/")
    }

    /// A users document's `coupleId` when it is a document id; else the user is unpaired
    /// (documents.md: an absent `coupleId` is unpaired; D-CF-57 extends it to null and non-strings,
    /// D-CF-63 to an id with `/`).
    public static func coupleId(of user: JSONValue?) -> String? {
        guard let id = user?.member(exactly: "coupleId")?.stringValue, isDocumentID(id) else { return nil }
        return id
    }

    /// Whether the couple document's `userIds` is an array of strings holding `uid` exactly (D-CF-62).
    public static func lists(_ couple: JSONValue?, _ uid: String) -> Bool {
        members(couple)?.containsIdentical(uid) ?? false
    }

    /// The partner of `uid`: the first member of `userIds` other than `uid` that is a document id,
    /// when `userIds` is an array of strings holding `uid` (D-CF-52, D-CF-57, D-CF-63); ids compare
    /// as exact scalar sequences (D-CF-62).
    public static func partner(of uid: String, in couple: JSONValue?) -> String? {
        guard let ids = members(couple), ids.containsIdentical(uid) else { return nil }
        return ids.first { !$0.isIdentical(to: uid) && isDocumentID($0) }
    }

    static func members(_ couple: JSONValue?) -> [String]? {
        guard case .array(let ids)? = couple?.member(exactly: "userIds") else { return nil }
        let strings = ids.compactMap(\.stringValue)
        return strings.count == ids.count ? strings : nil
    }

    /// The partner's unlink, queue record and push, when the partner's `coupleId` still names
    /// `coupleId` (D-CF-57: a partner linked elsewhere, or gone, is not touched or told).
    static func tellPartner(
        _ partner: String?, partnerUser: JSONValue?, coupleId: String, type: String, into plan: inout CascadePlan
    ) {
        guard let partner, Self.coupleId(of: partnerUser)?.isIdentical(to: coupleId) == true else { return }
        plan.writes.append(FirestoreWrite(kind: .update, path: "users/\(partner)", deleteMembers: ["coupleId"]))
        plan.writes.append(
            FirestoreWrite(
                kind: .add, path: "users/\(partner)/notification_queue",
                members: ["type": .string(type), "read": .bool(false)], serverTimestamps: ["createdAt"]))
        plan.pushes.append(CascadePush(recipient: partner, type: type))
    }

    /// leaveCoupleCallable with onCoupleLeave (D-CF-53, D-CF-57): nil when the caller has no
    /// `coupleId` (a repeated leave, nothing written or sent); else the caller's `coupleId` deleted,
    /// then the linked partner's, its queue record and one `partner_left` push. The couple
    /// document and its subcollections are kept.
    public static func leave(caller: String, callerUser: JSONValue?, couple: JSONValue?, partnerUser: JSONValue?)
        -> CascadePlan?
    {
        guard let coupleId = coupleId(of: callerUser) else { return nil }
        var plan = CascadePlan()
        plan.writes.append(FirestoreWrite(kind: .update, path: "users/\(caller)", deleteMembers: ["coupleId"]))
        tellPartner(
            partner(of: caller, in: couple), partnerUser: partnerUser, coupleId: coupleId, type: "partner_left",
            into: &plan)
        return plan
    }
}
