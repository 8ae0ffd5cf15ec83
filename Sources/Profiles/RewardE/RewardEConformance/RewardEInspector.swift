// `inspect --profile reward-e`: the Reward-E values a string alone can be recognised as — a
// widget deep link, an invite code, or a stored document given as JSON (tried against every
// document schema). Normative: specs/profiles/reward-e/contracts.md.

import CloserHarness
import CloserVectorModel
import CoreWire
import RewardE

package enum RewardEInspector {
    package static func inspect(_ text: String) -> WireInspection {
        var r = WireInspection()
        r.add("input", "length", .number(Double(text.utf8.count)))
        if text.hasPrefix("{") { return document(text, r) }
        if text.lowercased().hasPrefix(RewardEDeepLink.scheme + ":") {
            do { r.add("deep link", "childId", .string(try RewardEDeepLink.parse(text))) } catch { r.failure = error }
            return r
        }
        do {
            r.add("invite code", "code", .string(try RewardEInviteCode.normalize(text)))
        } catch {
            r.failure = CloserError(
                error.code, "not a Reward-E deep link, invite code or document: \(error.reason)")
        }
        return r
    }

    /// A Firestore document given as JSON, tried as each kind (documents.md).
    static func document(_ text: String, _ start: WireInspection) -> WireInspection {
        WireInspection.document(
            text, start,
            kinds: RewardEDocument.allCases.map { kind in
                InspectableDocumentKind(name: kind.rawValue, memberNames: kind.schema.members.map(\.name)) {
                    (value: JSONValue) throws(CloserError) in try kind.schema.check(value)
                }
            })
    }
}
