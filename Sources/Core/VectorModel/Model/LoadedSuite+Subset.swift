// A suite narrowed to some of its tests: what `harness --tier smoke` runs (specs/harness.md
// §"Tiers").

extension LoadedSuite {
    /// The same suite with only the tests whose tcId `keep` accepts; `numberOfTests` keeps the
    /// file's count (the manifest check reads the file, not the subset).
    package func keeping(_ keep: (Int) -> Bool) -> LoadedSuite {
        LoadedSuite(
            name: name, schema: schema, numberOfTests: numberOfTests, notes: notes,
            tests: tests.filter { keep($0.tcID) }, header: header)
    }
}
