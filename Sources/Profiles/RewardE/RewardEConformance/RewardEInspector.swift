// `inspect --profile reward-e`: the Reward-E values a string alone can be recognised as — a
// widget deep link, an invite code, or a stored document given as JSON (tried against every
// document schema). Normative: specs/profiles/reward-e/contracts.md.

import CloserHarness
import CloserVectorModel
import CloserWire
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

    static func document(_ text: String, _ start: WireInspection) -> WireInspection {
        var r = start
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch {
            r.failure = error
            return r
        }
        var errors: [(RewardEDocument, CloserError)] = []
        for kind in RewardEDocument.allCases {
            do {
                let fields = try kind.schema.check(value)
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
    static func closestKind(_ value: JSONValue) -> RewardEDocument {
        guard case .object(let members) = value else { return RewardEDocument.allCases[0] }
        func score(_ kind: RewardEDocument) -> (Int, Int) {
            let names = kind.schema.members.map(\.name)
            let shared = members.keys.filter(names.contains).count
            return (shared, -(members.count - shared))
        }
        return RewardEDocument.allCases.max { score($0) < score($1) } ?? RewardEDocument.allCases[0]
    }
}
