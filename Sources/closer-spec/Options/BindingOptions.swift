import ArgumentParser

/// The ids a value is bound to (AAD / context info), as `inspect` takes them.
struct BindingOptions: ParsableArguments {
    @Option(help: "coupleId binding.") var coupleId: String?
    @Option(help: "questionId binding.") var questionId: String?
    @Option(help: "userId binding (sealed:v1:).") var userId: String?
    @Option(help: "senderUserId binding (keybox:v1:).") var senderUserId: String?
    @Option(help: "recipientUserId binding (keybox:v1:).") var recipientUserId: String?
}
