// An exact matcher for the only regular-expression form the rules' helpers use,
// evaluated as Firestore's `string.matches()` does (RE2, whole-string match).
// Normative: specs/rules.md §"Regex helpers".

/// `^<prefix>[<class>]{min,max}<pad>{0,maxPadding}$`, over the whole string.
///
/// Firestore's `matches()` is an RE2 full match: `$` does not match before a trailing
/// newline (unlike PCRE and Python's `re`), and a character class of ASCII ranges never
/// matches a non-ASCII character. This type implements exactly that, byte by byte.
public struct AnchoredPattern: Hashable, Sendable, CustomStringConvertible {
    /// The regex text as the rules file writes it.
    public let source: String
    public let prefix: String
    /// ASCII bytes of the character class.
    public let alphabet: Set<UInt8>
    public let minimumCount: Int
    public let maximumCount: Int?
    /// The optional trailing padding byte and how many of it may follow.
    public let padding: UInt8?
    public let maximumPadding: Int

    public init(
        source: String, prefix: String, alphabet: String, minimumCount: Int, maximumCount: Int?,
        padding: Character? = nil, maximumPadding: Int = 0
    ) {
        self.source = source
        self.prefix = prefix
        var set = Set<UInt8>()
        let a = Array(alphabet.utf8)
        var i = 0
        while i < a.count {
            if i + 2 < a.count, a[i + 1] == UInt8(ascii: "-") {
                for c in a[i]...a[i + 2] { set.insert(c) }
                i += 3
            } else {
                set.insert(a[i])
                i += 1
            }
        }
        self.alphabet = set
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.padding = padding?.asciiValue
        self.maximumPadding = maximumPadding
    }

    public var description: String { source }

    /// Whole-string match.
    public func matches(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let p = Array(prefix.utf8)
        guard bytes.count >= p.count, Array(bytes[0..<p.count]) == p else { return false }
        var end = bytes.count
        if let padding {
            var pads = 0
            while end > p.count, bytes[end - 1] == padding {
                end -= 1
                pads += 1
            }
            guard pads <= maximumPadding else { return false }
        }
        let count = end - p.count
        guard count >= minimumCount else { return false }
        if let maximumCount, count > maximumCount { return false }
        return bytes[p.count..<end].allSatisfy { alphabet.contains($0) }
    }
}
