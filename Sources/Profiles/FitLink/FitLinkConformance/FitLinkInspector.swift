// `inspect --profile fitlink`: the FitLink values a string alone can be recognised as — a chat
// id or an X25519 public key — taken apart with FitLink's own parsers. FitLink messages have no
// prefix and carry their nonce apart, so a ciphertext is not recognised from its text; a document
// given as JSON is tried as each document kind (documents.md).
// Normative: specs/profiles/fitlink/chat.md.

import CloserHarness
import CloserVectorModel
import CloserWire
import FitLink

package enum FitLinkInspector {
    package static func inspect(_ text: String) -> WireInspection {
        var r = WireInspection()
        r.add("input", "length", .number(Double(text.utf8.count)))
        if text.hasPrefix("{") { return document(text, r) }
        if text.hasPrefix(FitLinkProfile.chatIDPrefix) {
            do {
                let id = try FitLinkChatID(parsing: text)
                r.add("fitlink chat id", "lowerUserId", .string(id.lower))
                r.add("fitlink chat id", "higherUserId", .string(id.higher))
                r.add("fitlink chat id", "hkdfSalt", .hex(Array(id.string.utf8)))
            } catch {
                r.failure = error
            }
            return r
        }
        do {
            let key = try FitLinkChat.decodePublicKey(text)
            r.add("x25519 public key", "bytes", .hex(key))
            r.add("x25519 public key", "encoding", .string("b64 (RFC 4648 §4, padded), 32 bytes"))
        } catch {
            r.failure = CloserError(
                error.code,
                "not a FitLink chat id (chat_{uid}_{uid}) or public key (b64 of 32 bytes): \(error.reason)")
        }
        return r
    }

    /// A Firestore document given as JSON, tried as each kind (documents.md).
    static func document(_ text: String, _ start: WireInspection) -> WireInspection {
        var r = start
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch {
            r.failure = error
            return r
        }
        var errors: [(FitLinkDocument, CloserError)] = []
        for kind in FitLinkDocument.allCases {
            do {
                let fields = try FitLinkDocument.validate(kind.rawValue, value)
                r.add("document", "kind", .string(kind.rawValue))
                r.add("document", "fields", .array(fields.map(JSONValue.string)))
                return r
            } catch { errors.append((kind, error)) }
        }
        let closest = closestKind(value)
        let error = errors.first { $0.0 == closest }?.1
        r.failure = error.map { CloserError($0.code, "as \(closest.rawValue), the closest kind: \($0.reason)") }
        return r
    }

    /// The kind whose declared members the object shares most (then: has fewest others), the
    /// first such in declaration order: the kind the author most likely meant.
    static func closestKind(_ value: JSONValue) -> FitLinkDocument {
        guard case .object(let members) = value else { return FitLinkDocument.allCases[0] }
        func score(_ kind: FitLinkDocument) -> (Int, Int) {
            let shared = members.keys.filter(kind.memberNames.contains).count
            return (shared, -(members.count - shared))
        }
        return FitLinkDocument.allCases.max { score($0) < score($1) } ?? FitLinkDocument.allCases[0]
    }
}
