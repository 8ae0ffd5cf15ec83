// Closer's membership and partner helpers (`isCouplesMember`, the partner read gate,
// `isNotAlreadyPaired`, `coupleEncryptionEnabled`). Normative: specs/rules.md §"Helpers".

extension RulesContext {
    /// `isCouplesMember(coupleId)`: `request.auth.uid in get(/couples/$(coupleId)).data.userIds`.
    public func isCouplesMember(_ coupleId: String?) -> Bool {
        guard let uid, let coupleId, let ids = get(["couples", coupleId])?["userIds"]?.arrayValue else {
            return false
        }
        return ids.contains(.string(uid))
    }

    /// Violated unless the caller is a member of the path's couple.
    public func requireMember(_ variable: String = "coupleId") -> InvariantResult {
        guard let uid else { return .violated("signed out; only couple members may do this") }
        guard let coupleId = binding(variable) else { return .violated("{\(variable)} is unbound") }
        guard get(["couples", coupleId]) != nil else {
            return .violated("couples/\(coupleId) does not exist")
        }
        return .require(
            isCouplesMember(coupleId), "caller \(uid) is not in couples/\(coupleId).userIds")
    }

    /// The caller's current couple partner is `other`: the caller's `users/{uid}.coupleId`
    /// names a couple whose `userIds` holds both (specs/rules.md: inferred form).
    public func isCurrentPartner(of other: String?) -> Bool {
        guard let uid, let other, uid != other,
            let coupleId = get(["users", uid])?["coupleId"]?.stringValue, !coupleId.isEmpty,
            let ids = get(["couples", coupleId])?["userIds"]?.arrayValue
        else { return false }
        return ids.contains(.string(uid)) && ids.contains(.string(other))
    }

    /// Violated unless the caller is the path's `<variable>` or that user's current couple
    /// partner (partner-readable documents: `devices/`, `entitlements/premium`).
    public func requireOwnerOrPartner(_ variable: String) -> InvariantResult {
        guard let uid else { return .violated("signed out") }
        let owner = binding(variable)
        return .require(
            uid == owner || isCurrentPartner(of: owner),
            "caller \(uid) is neither \(owner ?? "{\(variable)}") nor their current couple partner")
    }

    /// `isNotAlreadyPaired()`: the caller's user doc has no coupleId (missing, null or "").
    public func isNotAlreadyPaired() -> Bool {
        guard let uid else { return false }
        guard let value = get(["users", uid])?["coupleId"] else { return true }
        return value == .null || value == .string("")
    }

    /// `coupleEncryptionEnabled(coupleId)`: `couple.encryptionVersion >= 1`. A missing
    /// couple or version counts as enabled (fail closed: ciphertext is then required).
    public func coupleEncryptionEnabled(_ coupleId: String?) -> Bool {
        guard let coupleId, let couple = get(["couples", coupleId]) else { return true }
        guard let v = couple["encryptionVersion"]?.numberValue else { return true }
        return v >= 1
    }

    /// The couple's member uids (empty when unknown).
    public func coupleMembers(_ coupleId: String?) -> [String] {
        guard let coupleId, let ids = get(["couples", coupleId])?["userIds"]?.arrayValue else {
            return []
        }
        return ids.compactMap(\.stringValue)
    }
}
