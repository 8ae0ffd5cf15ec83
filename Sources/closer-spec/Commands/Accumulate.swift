import ArgumentParser
import CloserHarness

/// `closer-spec accumulate --op RECIPE --cases N --seed S`: the SHA-256 over CloserSpec's outputs
/// for N inputs drawn from SHAKE128 (specs/explore.md §"Accumulated mode").
struct Accumulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the accumulated SHA-256 of N generated cases of one recipe.",
        discussion: "Recipes: \(AccumulateRecipe.allCases.map(\.rawValue).joined(separator: ", ")) (specs/explore.md).")

    @Option(help: "The recipe (an op of specs/explore.md §Accumulated mode).") var op: String
    @Option(help: "How many cases.") var cases: Int = 10_000
    @Option(help: "The seed.") var seed: UInt64 = 0

    func run() throws {
        guard let recipe = AccumulateRecipe(rawValue: op) else {
            throw ValidationError(
                "unknown recipe \(op): one of \(AccumulateRecipe.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard cases > 0, cases <= 100_000_000 else { throw ValidationError("--cases must be 1…100000000") }
        print(
            "\(recipe.rawValue) seed \(seed) cases \(cases) sha256 \(Accumulator.digest(recipe, seed: seed, count: cases))"
        )
    }
}
