// AAD and context-info components. Normative: specs/enc-v1.md §"Bindings",
// specs/errors.md (binding.*): every component is non-empty and contains no `|`, otherwise
// "a|b" + "|" + "c" and "a" + "|" + "b|c" would collide.

extension CloserError.Code {
    public static let bindingEmptyComponent = Self("binding.empty_component", .invalidParameters)
    public static let bindingSeparatorInComponent = Self("binding.separator_in_component", .invalidParameters)
}

/// Joins binding components with `|` after checking each.
package enum BindingComponents: Sendable {
    /// `components` as (name, value) pairs; names appear in errors, values never do.
    package static func join(_ components: [(name: String, value: String)]) throws(CloserError) -> [UInt8] {
        for c in components {
            guard !c.value.isEmpty else {
                throw CloserError(.bindingEmptyComponent, "\(c.name) is empty; binding components must be non-empty")
            }
            // On bytes: a `|` followed by a combining mark is one Character, but its UTF-8 still
            // holds 0x7C, which is what the joined binding would collide on.
            guard !c.value.utf8.contains(UInt8(ascii: "|")) else {
                throw CloserError(
                    .bindingSeparatorInComponent,
                    "\(c.name) contains '|', the component separator; it would make bindings ambiguous")
            }
        }
        var out: [UInt8] = []
        for (i, c) in components.enumerated() {
            if i > 0 { out.append(UInt8(ascii: "|")) }
            out += c.value.utf8
        }
        return out
    }
}

/// The binding of a sealed answer: `coupleId|questionId|userId` (sealed-v1.md).
public struct SealedBinding: Hashable, Sendable {
    public let coupleID: String
    public let questionID: String
    public let userID: String

    public init(coupleID: String, questionID: String, userID: String) throws(CloserError) {
        self.coupleID = coupleID
        self.questionID = questionID
        self.userID = userID
        _ = try aad()
    }

    /// UTF-8 of `coupleId|questionId|userId`.
    package func aad() throws(CloserError) -> [UInt8] {
        try BindingComponents.join([("coupleId", coupleID), ("questionId", questionID), ("userId", userID)])
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
