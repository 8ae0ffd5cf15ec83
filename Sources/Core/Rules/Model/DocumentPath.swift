// Firestore resource paths as the rules see them (relative to /databases/{db}/documents).
// Normative: specs/rules.md §"Paths".

import CoreWire
import Foundation

extension CloserError.Code {
    public static let rulesInvalidPath = Self("rules.invalid_path", .malformedRequest)
}

/// A path of a document (even number of segments) or a collection (odd number).
public struct DocumentPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Firestore's limits: at most 100 segments, each at most 1500 bytes of UTF-8.
    public static let maximumSegments = 100
    public static let maximumSegmentBytes = 1500

    public let segments: [String]

    /// Parses `a/b/c/d`. One leading `/` is tolerated. Empty segments, `.`, `..`,
    /// segments of the reserved form `__…__` and over-long paths are refused.
    public init(parsing text: String) throws(CloserError) {
        var body = Substring(text)
        if body.hasPrefix("/") { body = body.dropFirst() }
        guard !body.isEmpty else { throw CloserError(.rulesInvalidPath, "path is empty") }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        try self.init(segments: parts)
    }

    public init(segments: [String]) throws(CloserError) {
        guard !segments.isEmpty else { throw CloserError(.rulesInvalidPath, "path is empty") }
        guard segments.count <= Self.maximumSegments else {
            throw CloserError(.rulesInvalidPath, "path has more than \(Self.maximumSegments) segments")
        }
        for (i, s) in segments.enumerated() {
            // Most ids are printable ASCII: one pass over the bytes decides them.
            if Self.isPlainASCIISegment(s) { continue }
            guard !s.isEmpty else {
                throw CloserError(.rulesInvalidPath, "path segment \(i + 1) is empty")
            }
            guard s != ".", s != ".." else {
                throw CloserError(.rulesInvalidPath, "path segment \(i + 1) is '\(s)'")
            }
            // Firestore compares ids byte for byte; Swift's String == compares canonical
            // equivalence. Requiring NFC makes the two agree (specs/rules.md §Paths).
            guard isNFC(s) else {
                throw CloserError(.rulesInvalidPath, "path segment \(i + 1) is not in Unicode NFC")
            }
            guard s.utf8.count <= Self.maximumSegmentBytes else {
                throw CloserError(
                    .rulesInvalidPath,
                    "path segment \(i + 1) is longer than \(Self.maximumSegmentBytes) bytes")
            }
            guard !(s.count > 4 && s.hasPrefix("__") && s.hasSuffix("__")) else {
                throw CloserError(.rulesInvalidPath, "path segment \(i + 1) uses the reserved form __…__")
            }
            guard !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f || $0 == "/" })
            else {
                throw CloserError(
                    .rulesInvalidPath, "path segment \(i + 1) contains a control character or '/'")
            }
        }
        self.segments = segments
    }

    /// Whether `s` passes every check below on a fast path: 1...maximumSegmentBytes bytes of
    /// printable ASCII without '/', neither `.` nor `..`, not of the form `__…__`.
    package static func isPlainASCIISegment(_ s: String) -> Bool {
        let utf8 = s.utf8
        let count = utf8.count
        guard count > 0, count <= maximumSegmentBytes else { return false }
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else { return false }
        if count <= 2, utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) { return false }
        if count > 4, s.hasPrefix("__"), s.hasSuffix("__") { return false }
        return true
    }

    /// True for a document path (even segment count).
    public var isDocument: Bool { segments.count % 2 == 0 }
    /// True for a collection path (odd segment count).
    public var isCollection: Bool { !isDocument }

    /// The last segment (document id or collection id).
    public var lastSegment: String { segments[segments.count - 1] }

    public var string: String { segments.joined(separator: "/") }
    public var description: String { string }

    public static func < (a: Self, b: Self) -> Bool { a.string < b.string }
}

/// Whether `s` is in Unicode Normalization Form C. Two distinct NFC strings are never
/// canonically equivalent, so on NFC strings Swift's `==` is byte equality.
package func isNFC(_ s: String) -> Bool {
    s.unicodeScalars.allSatisfy(\.isASCII) || s.precomposedStringWithCanonicalMapping.utf8.elementsEqual(s.utf8)
}
