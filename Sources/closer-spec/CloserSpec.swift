import ArgumentParser
import CloserVectorModel

/// The `closer-spec` command: configuration only; each subcommand is its own file and
/// its logic lives in the libraries.
@main
struct CloserSpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "closer-spec",
        abstract: "The executable specification of Closer's cross-platform contracts.",
        version: VersionText.text,
        subcommands: [
            Bench.self, Check.self, Generate.self, Verify.self, Harness.self, Inspect.self, Serve.self, Phrase.self,
            CoupleKey.self, Invite.self, Decisions.self, Capture.self, Explore.self, Accumulate.self,
            Interop.self, Report.self,
        ]
    )
}
