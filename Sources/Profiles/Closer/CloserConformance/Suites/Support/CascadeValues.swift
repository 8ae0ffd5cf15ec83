// Shared values of the cascade suites (couple_leave, account_deletion): users and couple documents
// and the writes and pushes written out by hand. Normative: specs/cloud-functions.md §leaveCouple
// and account deletion.

import CloserVectorModel
import CloserWire

enum CascadeValues {
    /// A `users/{uid}` document; `coupleId` omitted when nil.
    static func user(_ coupleId: JSONValue?) -> JSONValue {
        var m: [String: JSONValue] = ["displayName": .string("A"), "platform": .string("android")]
        if let coupleId { m["coupleId"] = coupleId }
        return .object(m)
    }

    static let c1 = user(.string("c1"))

    /// A `couples/{coupleId}` document with `userIds`.
    static func couple(_ ids: [JSONValue]) -> JSONValue {
        .object(["userIds": .array(ids), "encryptionVersion": V.int(2)])
    }

    static let pair = couple([.string("alice"), .string("bob")])

    static func unlink(_ uid: String) -> JSONValue {
        .object([
            "kind": .string("update"), "path": .string("users/\(uid)"), "deleteMembers": .array([.string("coupleId")]),
        ])
    }

    static func queue(_ uid: String, _ type: String) -> JSONValue {
        .object([
            "kind": .string("add"), "path": .string("users/\(uid)/notification_queue"),
            "members": .object(["type": .string(type), "read": .bool(false)]),
            "serverTimestamps": .array([.string("createdAt")]),
        ])
    }

    static func delete(_ path: String, recursive: Bool = false) -> JSONValue {
        .object(["kind": .string(recursive ? "deleteRecursive" : "delete"), "path": .string(path)])
    }

    static func push(_ uid: String, _ type: String) -> JSONValue {
        .object(["recipient": .string(uid), "data": .object(["type": .string(type)])])
    }
}
