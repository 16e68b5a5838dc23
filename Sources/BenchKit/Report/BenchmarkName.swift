/// The name of a scenario outside `bench`: its name, then its parameters in key order, as
/// `confetti/particles:100000/threads:1`. Google Benchmark, the export formats and
/// `bench history` all name scenarios this way.
enum BenchmarkName {
    /// The name of the scenario `name` with `params`.
    static func of(_ name: String, _ params: [String: Int]) -> String {
        ([name] + params.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })
            .joined(separator: "/")
    }
}
