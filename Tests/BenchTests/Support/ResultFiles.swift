import ECS
import Foundation

@testable import Bench

/// Result files on disk for the command tests.
enum ResultFiles {
    /// Deterministic frame times around `center` ns with a few percent of spread.
    static func samples(center: Double, count: Int = 200, seed: UInt64) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            UInt64(center * (1 + Double.random(in: -0.03...0.03, using: &generator)))
        }
    }

    /// A run of one scenario per entry of `centers` (name to median ns), measured on `cpu` at
    /// `createdAt` and `commit`.
    static func run(
        _ centers: [(name: String, center: Double)], seed: UInt64, cpu: String = "test cpu",
        createdAt: String = "2026-01-01T00:00:00Z", commit: String = "abc1234"
    ) -> RunResult {
        var run = Fixtures.run(centers.map { Fixtures.scenario(name: $0.name, cpuNs: samples(center: $0.center, seed: seed)) })
        run.environment.cpuModel = cpu
        run.environment.commit = commit
        run.createdAt = createdAt
        return run
    }

    /// Writes `run` as `<directory>/<name>` and returns the path.
    static func write(_ run: RunResult, _ name: String, in directory: String) throws -> String {
        try write(try ResultCoding.encode(run), name, in: directory)
    }

    /// Writes `run` as JSON after `edit` changed its object form, and returns the path.
    static func write(
        _ run: RunResult, _ name: String, in directory: String, edit: (inout [String: Any]) -> Void
    ) throws -> String {
        var object = try JSONSerialization.jsonObject(with: try ResultCoding.encode(run)) as! [String: Any]
        edit(&object)
        return try write(try JSONSerialization.data(withJSONObject: object), name, in: directory)
    }

    /// Writes `data` as `<directory>/<name>` and returns the path.
    static func write(_ data: Data, _ name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Sets the first scenario's `samples.cpu_ns` of a result object.
    static func setCPUSamples(_ value: Any?, in object: inout [String: Any]) {
        var scenarios = object["scenarios"] as! [[String: Any]]
        var samples = scenarios[0]["samples"] as! [String: Any]
        samples["cpu_ns"] = value
        scenarios[0]["samples"] = samples
        object["scenarios"] = scenarios
    }

    /// The one line and status `bench` ends with for `arguments`, or nil when it succeeds.
    static func failure(_ arguments: [String]) -> CommandOutcome? {
        do {
            var command = try BenchCommand.parseStrictly(arguments)
            try command.run()
            return nil
        } catch {
            return CommandOutcome(error: error)
        }
    }
}
