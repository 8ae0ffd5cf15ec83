import ArgumentParser
import CloserHarness
import CloserRules
import CloserWire

/// `closer-spec check`: evaluates one request against Closer's firestore.rules invariants
/// (specs/rules.md), or another app's with --profile. Exit 0 allow, 1 deny, 2 unreadable input.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decide one Firestore request with the rules invariants.",
        discussion: """
            Prints ALLOW or DENY, each violated invariant with its manual reference, and each
            soft wire finding (a field the rules accept that CloserWire cannot read).
            Exit status: 0 allow, 1 deny, 2 unreadable input.
            --world is a directory whose a/b/c/d.json files are the documents a/b/c/d,
            or a JSON file {"path": document}.
            """)

    @Option(help: "Document path (a collection path for --method list).")
    var path: String

    @Option(help: "The request method.")
    var method: RulesMethod

    @Option(help: "The caller's uid; omit for a signed-out caller.")
    var auth: String?

    @Option(help: "JSON file with the stored document (resource.data).")
    var existing: String?

    @Option(help: "Directory (or JSON file) of other documents for exists()/get().")
    var world: String?

    @Option(help: "Which app profile's rule set decides (closer, fitlink, reward-e, ...).")
    var profile: AppProfile = .closer

    @Option(help: "JSON file with a list's query: {\"collectionGroup\": bool, \"where\": [[field, op, value]]}.")
    var query: String?

    @Argument(
        help: "JSON file with the incoming document (request.resource.data), for create and update.")
    var document: String?

    func validate() throws {
        guard profile.ruleSet != nil else { throw ValidationError("the profile \(profile.name) has no rule set") }
    }

    func run() throws {
        guard let ruleSet = profile.ruleSet else { throw ExitCode(2) }
        let decision: RulesDecision
        do {
            decision = try RulesCheckFiles.run(
                path: path, method: method.rawValue, auth: auth, document: document, existing: existing,
                world: world, query: query, ruleSet: ruleSet)
        } catch {
            printLine("error: \(error.code.rawValue): \(error.reason)")
            throw ExitCode(2)
        }
        print(decision.text)
        if !decision.allow { throw ExitCode(1) }
    }
}
