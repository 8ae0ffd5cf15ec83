// `inspect --profile fitlink`: the FitLink values a string alone can be recognised as — a chat
// id or an X25519 public key — taken apart with FitLink's own parsers. FitLink messages have no
// prefix and carry their nonce apart, so a ciphertext is not recognised from its text; a document
// given as JSON is tried as each document kind (documents.md).
// Normative: specs/profiles/fitlink/chat.md.

import CloserHarness
import CloserVectorModel
import CoreWire
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
        WireInspection.document(
            text, start,
            kinds: FitLinkDocument.allCases.map { kind in
                InspectableDocumentKind(name: kind.rawValue, memberNames: kind.memberNames) {
                    (value: JSONValue) throws(CloserError) in try FitLinkDocument.validate(kind.rawValue, value)
                }
            })
    }
}
