import ECS
import Foundation

@testable import Bench
@testable import BenchKit

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
    /// `createdAt` and `commit`. With several `rounds`, each round's frames (40 of them) centre on
    /// the scenario's median moved by a uniform draw within ±`roundSpread`, as processes differ,
    /// and every round records `neighbourLoad`.
    static func run(
        _ centers: [(name: String, center: Double)], seed: UInt64, rounds: Int = 1, roundSpread: Double = 0.02,
        neighbourLoad: Double? = nil, cpu: String = "test cpu", createdAt: String = "2026-01-01T00:00:00Z",
        commit: String = "abc1234"
    ) -> RunResult {
        var generator = SplitMix64(seed: seed &* 7919 &+ 17)
        let roundRuns = (0..<rounds).map { round in
            Fixtures.run(
                centers.map { entry in
                    guard rounds > 1 else {
                        return Fixtures.scenario(name: entry.name, cpuNs: samples(center: entry.center, seed: seed))
                    }
                    let shift = 1 + Double.random(in: -roundSpread...roundSpread, using: &generator)
                    return Fixtures.scenario(
                        name: entry.name,
                        cpuNs: samples(center: entry.center * shift, count: 40, seed: seed &* 1000 &+ UInt64(round)))
                })
        }
        let records = (0..<rounds).map {
            RoundRecord(index: $0, createdAt: createdAt, loadAverage: [0.5, 0.4, 0.3], neighbourLoad: neighbourLoad)
        }
        var run = try! RoundMerger.merge(roundRuns, records: records)
        run.environment.cpuModel = cpu
        run.environment.commit = commit
        run.createdAt = createdAt
        return run
    }

    /// A run of one scenario `a` in `rounds` rounds of 300 frames around `center` ns (±1%), as a
    /// shared machine gives them: in each round a spell of consecutive frames, of a uniformly
    /// drawn share up to 90% of the round, runs 13% slower, and each process is ±1% off the
    /// next.
    static func spellRun(center: Double, rounds: Int, seed: UInt64) -> RunResult {
        var generator = SplitMix64(seed: seed &* 6007 &+ 3)
        let frames = 300
        let roundRuns = (0..<rounds).map { _ in
            let level = center * (1 + Double.random(in: -0.01...0.01, using: &generator))
            let spell = Int(Double(frames) * Double.random(in: 0...0.9, using: &generator))
            let start = Int.random(in: 0...(frames - spell), using: &generator)
            return (0..<frames).map { frame in
                let slowed = (start..<start + spell).contains(frame) ? 1.13 : 1
                return UInt64(level * slowed * (1 + Double.random(in: -0.01...0.01, using: &generator)))
            }
        }
        return merged(roundRuns, loadAverage: [0.5, 0.4, 0.3], neighbourLoad: 0.05)
    }

    /// A run of one scenario `a` in `rounds` rounds of 100 frames around `center` ns (±1%), as a
    /// shared machine under heavy load gives them: each round (a fraction of a second) runs wholly
    /// inside a spell of load with probability `disturbed`, and then every frame of it is slowed
    /// by a factor drawn per round in 1.1...1.3; each process is ±1% off the next.
    static func wholeRoundSpellRun(center: Double, rounds: Int, disturbed: Double, seed: UInt64) -> RunResult {
        var generator = SplitMix64(seed: seed &* 4409 &+ 11)
        let roundRuns = (0..<rounds).map { _ in
            let level = center * (1 + Double.random(in: -0.01...0.01, using: &generator))
            let slowed = Double.random(in: 0..<1, using: &generator) < disturbed
                ? Double.random(in: 1.1...1.3, using: &generator) : 1
            return (0..<100).map { _ in
                UInt64(level * slowed * (1 + Double.random(in: -0.01...0.01, using: &generator)))
            }
        }
        return merged(roundRuns, loadAverage: [1.5, 1.4, 1.3], neighbourLoad: 1)
    }

    /// One run of scenario `a` whose rounds have the frame times `rounds`, each recording
    /// `loadAverage` and `neighbourLoad`.
    private static func merged(_ rounds: [[UInt64]], loadAverage: [Double], neighbourLoad: Double) -> RunResult {
        let records = rounds.indices.map {
            RoundRecord(index: $0, createdAt: "2026-01-01T00:00:00Z", loadAverage: loadAverage, neighbourLoad: neighbourLoad)
        }
        return try! RoundMerger.merge(rounds.map { Fixtures.run([Fixtures.scenario(name: "a", cpuNs: $0)]) }, records: records)
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

    /// Sets the first scenario's `samples.cpu_ns` of a result object, and its `wall_ns` too when
    /// `value` is a list, so that both clocks keep one sample per frame.
    static func setCPUSamples(_ value: Any?, in object: inout [String: Any]) {
        var scenarios = object["scenarios"] as! [[String: Any]]
        var samples = scenarios[0]["samples"] as! [String: Any]
        samples["cpu_ns"] = value
        if let list = value as? [Any] { samples["wall_ns"] = list.map { _ in 1 } }
        scenarios[0]["samples"] = samples
        object["scenarios"] = scenarios
    }

    /// The one line and status `bench` ends with for `arguments`, or nil when it succeeds.
    static func failure(_ arguments: [String]) -> CommandOutcome? {
        do {
            var command = try BenchCommand<EcsBench>.parseStrictly(arguments)
            try command.run()
            return nil
        } catch {
            return CommandOutcome(error: error)
        }
    }
}
