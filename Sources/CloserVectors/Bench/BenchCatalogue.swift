/// Every bench case, by area.
public enum BenchCatalogue {
    public static func all() -> [BenchCase] { WireBenchCases.all() }
}
