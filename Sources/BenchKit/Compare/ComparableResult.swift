/// Loads result files for `bench compare` and `bench history`.
enum ComparableResult {
    /// The run stored at `path`, every scenario of which passes `SampleCheck`. Throws
    /// `BenchError.unreadableResult` naming the file and the first problem found.
    static func load(_ path: String) throws -> RunResult {
        let run = try ResultCoding.load(path)
        for scenario in run.scenarios {
            if let problem = SampleCheck.problem(scenario) {
                throw BenchError.unreadableResult(path: path, reason: problem)
            }
        }
        return run
    }
}
