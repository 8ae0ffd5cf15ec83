// Ask Closer's rule set whether a request is allowed, and which invariants it violates
// (specs/rules.md).

import CloserRules
import CloserWire

let userDocument = try FirestoreDocument(json: try JSONValue(parsing: #"{"coupleId":"couple-1"}"#))

// Alice reads her own user document, then her partner's. `existing` is the stored document;
// a request's `world` would hold the other documents the rules read with exists() and get().
let own = try RulesRequest(
    auth: .user("alice"), method: .get, path: try DocumentPath(parsing: "users/alice"), existing: userDocument)
let partner = try RulesRequest(
    auth: .user("alice"), method: .get, path: try DocumentPath(parsing: "users/bob"), existing: userDocument)

for request in [own, partner] {
    let decision = CloserRuleSet.evaluate(request)
    print(request.path, decision.allow, decision.violationIDs)
    // snippet.hide
    precondition(decision.allow == (request == own))
    // snippet.show
}
// users/alice true []
// users/bob false [users.owner_only]
