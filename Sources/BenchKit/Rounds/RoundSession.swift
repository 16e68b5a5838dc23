import Foundation

/// Rounds of one or two `bench` binaries in one sitting, each round in a fresh process, joined
/// into one run per binary.
///
/// Two binaries alternate A B B A A B B A …: each pair of rounds starts with the side the
/// previous pair ended with, so a machine that warms, cools or fills up over the session
/// weighs on both sides alike.
struct RoundSession {
    /// The binaries, one per side: one to repeat a run, two to compare them.
    let binaries: [String]
    /// How each binary is named in its rounds' records; nil entries for this binary.
    let labels: [String?]
    /// Rounds per binary (at least 1).
    let rounds: Int
    /// Runs each round.
    let runner: RoundRunner
    /// Suppresses the progress line on standard error.
    let quiet: Bool
    /// Run options added to each binary's first round only, such as `--count-instructions`,
    /// whose result does not vary between rounds.
    var firstRoundArguments: [String] = []

    /// The order of the rounds: for each round, the index of its side.
    static func schedule(sides: Int, rounds: Int) -> [Int] {
        guard sides == 2 else { return Array(repeating: 0, count: rounds * sides) }
        return (0..<rounds).flatMap { pair in pair % 2 == 0 ? [0, 1] : [1, 0] }
    }

    /// Runs every round and returns one joined run per binary, in the order of `binaries`.
    /// Throws `BenchError.toolFailed` before the first round when a binary is not executable.
    func run() throws -> [RunResult] {
        for binary in binaries where !FileManager.default.isExecutableFile(atPath: binary) {
            throw BenchError.toolFailed(tool: binary, reason: "not an executable file")
        }
        let schedule = Self.schedule(sides: binaries.count, rounds: rounds)
        var results = Array(repeating: [RunResult](), count: binaries.count)
        var records = Array(repeating: [RoundRecord](), count: binaries.count)
        let progress = ProgressBar(label: "rounds", quiet: quiet)
        for (step, side) in schedule.enumerated() {
            progress?.update(completed: step, total: schedule.count)
            let index = records[side].count
            let round = try runner.round(
                binaries[side], index: index, label: labels[side], extraArguments: index == 0 ? firstRoundArguments : [])
            results[side].append(round.result)
            records[side].append(round.record)
        }
        progress?.finish()
        return try binaries.indices.map { side in
            try RoundMerger.merge(results[side], records: records[side])
        }
    }
}
