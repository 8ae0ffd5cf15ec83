import ArgumentParser

@main
struct CloserSpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "closer-spec")
}
