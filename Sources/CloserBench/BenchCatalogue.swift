/// Every bench case, by area.
package enum BenchCatalogue {
    package static func all() -> [BenchCase] { WireBenchCases.all() + Argon2BenchCases.all() }
}
