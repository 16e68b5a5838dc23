import ECS
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Rounds: how they are joined, ordered, recorded and read back.
struct RoundsTests {
    /// A scenario result of `frames` frames around `center` ns judged on p99 against 16.67 ms.
    private func round(_ center: Double, frames: Int = 20, seed: UInt64) -> RunResult {
        Fixtures.run([Fixtures.scenario(name: "a", cpuNs: ResultFiles.samples(center: center, count: frames, seed: seed))])
    }

    private func records(_ count: Int) -> [RoundRecord] {
        (0..<count).map { RoundRecord(index: $0, createdAt: "2026-01-01T00:00:00Z", loadAverage: [], neighbourLoad: 0.1) }
    }

    /// Joined rounds keep every frame with the rounds' boundaries, and a judged figure takes the
    /// median of the rounds: one slow round neither fails nor passes the run.
    @Test func joinedRoundsAreJudgedOnTheMedianRound() throws {
        let rounds = [round(1e6, seed: 1), round(30e6, seed: 2), round(2e6, frames: 30, seed: 3)]
        let run = try RoundMerger.merge(rounds, records: records(3))
        let scenario = run.scenarios[0]
        #expect(scenario.samples.cpuNs.count == 70 && scenario.roundFrames == [20, 20, 30])
        #expect(scenario.roundSamples.map(\.cpuNs) == rounds.map { $0.scenarios[0].samples.cpuNs })
        let p99s = rounds.map { $0.scenarios[0].judged[0].value }
        #expect(scenario.judged[0].value == p99s.sorted()[1])
        #expect(scenario.verdict == .pass && run.verdict == .pass)
        #expect(scenario.reason.hasPrefix("median of 3 rounds: p99 CPU"))
        #expect(run.rounds.count == 3 && run.schema == RunResult.currentSchema)
        let failing = try RoundMerger.merge([round(30e6, seed: 1), round(30e6, seed: 2), round(1e6, seed: 3)], records: records(3))
        #expect(failing.verdict == .fail)
        #expect(RoundStatistics.roundFigures(scenario).count == 3)
    }

    /// Rounds of other scenarios, or records that do not match, are an error.
    @Test func mismatchedRoundsAreAnError() {
        var other = round(1e6, seed: 2)
        other.scenarios[0].name = "b"
        #expect(throws: BenchError.self) { try RoundMerger.merge([round(1e6, seed: 1), other], records: records(2)) }
        #expect(throws: BenchError.self) { try RoundMerger.merge([round(1e6, seed: 1)], records: records(2)) }
        #expect(throws: BenchError.self) { try RoundMerger.merge([], records: []) }
    }

    /// Two binaries alternate A B B A A B …; one binary runs its rounds in a row.
    @Test func twoBinariesAlternate() {
        #expect(RoundSession.schedule(sides: 2, rounds: 4) == [0, 1, 1, 0, 0, 1, 1, 0])
        #expect(RoundSession.schedule(sides: 2, rounds: 3) == [0, 1, 1, 0, 0, 1])
        #expect(RoundSession.schedule(sides: 1, rounds: 3) == [0, 0, 0])
    }

    /// Rounds survive JSON; a file without rounds (schema 1) reads as one round, and counts
    /// that do not split the samples are refused naming the field.
    @Test func roundsRoundTripAndOlderFilesRead() throws {
        let run = try RoundMerger.merge([round(1e6, seed: 1), round(1e6, seed: 2)], records: records(2))
        let directory = try Fixtures.temporaryDirectory()
        let path = try ResultFiles.write(run, "rounds.json", in: directory)
        #expect(try ResultCoding.load(path) == run)
        let old = try ResultFiles.write(run, "old.json", in: directory) { object in
            object["schema"] = 1
            object["rounds"] = nil
            var scenarios = object["scenarios"] as! [[String: Any]]
            scenarios[0]["round_frames"] = nil
            object["scenarios"] = scenarios
        }
        let loaded = try ResultCoding.load(old)
        #expect(loaded.rounds.count == 1 && loaded.rounds[0].neighbourLoad == nil)
        #expect(loaded.rounds[0].loadAverage == Fixtures.environment.loadAverage)
        #expect(loaded.scenarios[0].roundSamples.count == 1)
        for counts in [[20, 21], [0, 40], [] as [Int]] {
            let bad = try ResultFiles.write(run, "bad.json", in: directory) { object in
                var scenarios = object["scenarios"] as! [[String: Any]]
                scenarios[0]["round_frames"] = counts
                object["scenarios"] = scenarios
            }
            #expect(throws: BenchError.self) { try ResultCoding.load(bad) }
        }
        let short = try ResultFiles.write(run, "short.json", in: directory) { object in
            var scenarios = object["scenarios"] as! [[String: Any]]
            var samples = scenarios[0]["samples"] as! [String: Any]
            samples["wall_ns"] = [1, 0, 3]
            scenarios[0]["samples"] = samples
            object["scenarios"] = scenarios
        }
        let error = #expect(throws: BenchError.self) { try ResultCoding.load(short) }
        #expect(error?.description.hasSuffix("scenarios[0].samples.wall_ns: 3 samples against 40 in cpu_ns: one per frame in each clock") == true, "\(String(describing: error))")
    }

    /// The neighbour load reads the busy fields of `/proc/stat` (steal included, idle and
    /// iowait not), and is never negative.
    @Test func neighbourLoadReadsProcStat() {
        let line: Substring = "cpu  100 20 30 1000 50 5 5 40 0 0"
        #expect(NeighbourLoad.busySeconds(statLine: line, ticksPerSecond: 100) == 2)
        #expect(NeighbourLoad.busySeconds(statLine: "intr 1 2 3", ticksPerSecond: 100) == nil)
        #expect(NeighbourLoad.busySeconds(statLine: "cpu 1 2", ticksPerSecond: 100) == nil)
        let start = NeighbourLoad.Reading(machineBusy: 10, own: 1, wall: 100)
        let end = NeighbourLoad.Reading(machineBusy: 14, own: 3, wall: 102)
        #expect(NeighbourLoad.cores(from: start, to: end) == 1)
        #expect(NeighbourLoad.cores(from: end, to: start) == nil)
        #expect(NeighbourLoad.cores(from: start, to: NeighbourLoad.Reading(machineBusy: 10, own: 3, wall: 101)) == 0)
        #expect(NeighbourLoad.cores(from: nil, to: end) == nil)
        #if os(Linux)
        #expect(NeighbourLoad.read() != nil)
        #endif
    }

    /// The test slowdown is read as `<scenario>:<fraction>`; anything else is a typed error.
    @Test func slowdownVariableIsChecked() throws {
        let variable = FrameSlowdown.variable
        #expect(try FrameSlowdown.fromEnvironment([:]) == nil)
        let slowdown = try FrameSlowdown.fromEnvironment([variable: "confetti:0.2"])
        #expect(slowdown == FrameSlowdown(scenario: "confetti", fraction: 0.2))
        #expect(slowdown?.fraction(for: "confetti") == 0.2 && slowdown?.fraction(for: "render") == nil)
        for bad in ["confetti", ":0.2", "confetti:fast", "confetti:-1", "confetti:11", "a:0.1:2"] {
            let error = #expect(throws: BenchError.self) { try FrameSlowdown.fromEnvironment([variable: bad]) }
            #expect(error?.description == "\(variable) must be <scenario>:<fraction in 0...10>, got '\(bad)'")
        }
    }

    /// A slowed scenario's measured frames take (1 + fraction) of their CPU time, at least: each
    /// sample is compared with the time the frame's own work took, as the workload measured it
    /// inside the frame (so other load on the machine cannot make the check pass or fail).
    @Test func slowdownStretchesTheFrame() {
        let workload = SyntheticWorkload(work: 20_000)
        let sampler = Sampler(warmup: 0, frames: 5, slowdown: FrameSlowdown(scenario: "synthetic", fraction: 1))
        let slowed = sampler.measure(workload).cpuNs
        #expect(workload.ownCPUNs.count == 5)
        for (sample, own) in zip(slowed, workload.ownCPUNs) {
            #expect(sample >= 2 * own, "frame \(sample) ns, its own work \(own) ns")
        }
        let other = SyntheticWorkload(work: 20_000)
        let plain = Sampler(warmup: 0, frames: 5, slowdown: FrameSlowdown(scenario: "render", fraction: 1)).measure(other).cpuNs
        for (sample, own) in zip(plain, other.ownCPUNs) {
            #expect(sample < 2 * own + 1_000_000, "another scenario's slowdown leaves this one alone")
        }
    }
}
