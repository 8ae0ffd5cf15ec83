/// Every bench row, in report order.
package enum BenchCatalogue {
    package static func all() -> [BenchCase] {
        WireBenchCases.all() + Argon2BenchCases.all() + SystemBenchCases.all() + ExploreBenchCases.all()
            + PortBenchCases.all()
            + ReportBenchCases.all()
    }

    /// Runs every case in order, handing each row to `report` as soon as it is measured.
    package static func run(
        _ settings: BenchSettings, only prefix: String? = nil, report: (BenchResult) -> Void = { _ in }
    ) -> [BenchResult] {
        var out: [BenchResult] = []
        for c in all() where prefix.map({ p in c.names.contains { $0.hasPrefix(p) } }) ?? true {
            for r in c.measure(settings) {
                report(r)
                out.append(r)
            }
        }
        return out
    }
}
