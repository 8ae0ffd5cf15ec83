// AAD and context-info components. Normative: specs/enc-v1.md §"Bindings",
// specs/errors.md (binding.*): every component is non-empty and contains no `|`, otherwise
// "a|b" + "|" + "c" and "a" + "|" + "b|c" would collide.

import CoreWire

extension CloserError.Code {
    public static let bindingEmptyComponent = Self("binding.empty_component", .invalidParameters)
    public static let bindingSeparatorInComponent = Self("binding.separator_in_component", .invalidParameters)
}

/// Joins binding components with `|` after checking each.
package enum BindingComponents: Sendable {
    /// `components` as (name, value) pairs; names appear in errors, values never do.
    package static func join(_ components: [(name: String, value: String)]) throws(CloserError) -> [UInt8] {
        for c in components { try check(c.name, c.value) }
        var out: [UInt8] = []
        out.reserveCapacity(components.reduce(components.count) { $0 + $1.value.utf8.count })
        for (i, c) in components.enumerated() {
            if i > 0 { out.append(UInt8(ascii: "|")) }
            out += c.value.utf8
        }
        return out
    }

    /// A binding of one component (`enc:v1`'s coupleId): its UTF-8, checked as `join` checks.
    package static func single(_ name: String, _ value: String) throws(CloserError) -> [UInt8] {
        try check(name, value)
        return Array(value.utf8)
    }

    /// The component rules: non-empty, no `|`.
    private static func check(_ name: String, _ value: String) throws(CloserError) {
        guard !value.isEmpty else {
            throw CloserError(.bindingEmptyComponent, "\(name) is empty; binding components must be non-empty")
        }
        // On bytes: a `|` followed by a combining mark is one Character, but its UTF-8 still
        // holds 0x7C, which is what the joined binding would collide on.
        guard !value.utf8.contains(UInt8(ascii: "|")) else {
            throw CloserError(
                .bindingSeparatorInComponent,
                "\(name) contains '|', the component separator; it would make bindings ambiguous")
        }
    }
}

/// The binding of a sealed answer: `coupleId|questionId|userId` (sealed-v1.md).
public struct SealedBinding: Hashable, Sendable {
    public let coupleID: String
    public let questionID: String
    public let userID: String

    /// UTF-8 of `coupleId|questionId|userId`, joined once when the binding is made (every
    /// seal and reveal authenticates it).
    package let aad: [UInt8]

    public init(coupleID: String, questionID: String, userID: String) throws(CloserError) {
        self.coupleID = coupleID
        self.questionID = questionID
        self.userID = userID
        aad = try BindingComponents.join([("coupleId", coupleID), ("questionId", questionID), ("userId", userID)])
    }
}

/// The binding of a keybox: `coupleId|questionId|senderUserId|recipientUserId` (keybox-v1.md).
public struct KeyboxBinding: Hashable, Sendable {
    public let coupleID: String
    public let questionID: String
    public let senderUserID: String
    public let recipientUserID: String

    public init(coupleID: String, questionID: String, senderUserID: String, recipientUserID: String) throws(CloserError)
    {
        self.coupleID = coupleID
        self.questionID = questionID
        self.senderUserID = senderUserID
        self.recipientUserID = recipientUserID
        _ = try contextInfo()
    }

    /// UTF-8 of `coupleId|questionId|senderUserId|recipientUserId`.
    package func contextInfo() throws(CloserError) -> [UInt8] {
        try BindingComponents.join([
            ("coupleId", coupleID), ("questionId", questionID), ("senderUserId", senderUserID),
            ("recipientUserId", recipientUserID),
        ])
    }
}
