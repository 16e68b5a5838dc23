import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// The A/A calibration of `bench noise` and its file.
struct NoiseTests {
    /// Adding a run stores each scenario's round figures over their run figure, and keeps the
    /// newest `keptPerScenario` of them.
    @Test func addingARunStoresRelativeRoundFigures() {
        var calibration = NoiseCalibration()
        let run = ResultFiles.run([("a", 1e6), ("b", 2e6)], seed: 1, rounds: 7, roundSpread: 0.05)
        calibration.add(run)
        let a = calibration.rounds(of: "a/work:10")
        #expect(a.count == 7 && abs(RoundStatistics.runFigure(a) - 1) < 1e-12)
        #expect(a == MinimumEffect.relative(RoundStatistics.roundFigures(run.scenarios[0])))
        #expect(calibration.rounds(of: "c/work:10").isEmpty)
        #expect(calibration.sittings.count == 1 && calibration.sittings[0].rounds == 7)
        for _ in 0..<20 { calibration.add(run) }
        #expect(calibration.rounds(of: "a/work:10").count == NoiseCalibration.keptPerScenario)
    }

    /// The file round-trips; a missing default file is no calibration, and a missing named file,
    /// bad JSON, another schema or a ratio that is not positive is one line naming the file.
    @Test func theFileIsCheckedWhenRead() throws {
        let directory = try Fixtures.temporaryDirectory()
        var calibration = NoiseCalibration()
        calibration.add(ResultFiles.run([("a", 1e6)], seed: 1, rounds: 5))
        let path = directory + "/noise.json"
        try NoiseFile.save(calibration, to: path)
        #expect(try NoiseFile.load(path, required: true) == calibration)
        #expect(try NoiseFile.load(directory + "/absent.json", required: false) == nil)
        let missing = #expect(throws: BenchError.self) { try NoiseFile.load(directory + "/absent.json", required: true) }
        #expect(missing?.description == "\(directory)/absent.json: no such file")
        for (text, reason) in [
            ("{", "not valid JSON"),
            ("{\"schema\": 3, \"sittings\": [], \"scenarios\": {}}", "noise calibration schema 3 is not supported (expected 2)"),
            (
                "{\"schema\": 1, \"sittings\": [], \"scenarios\": {}}",
                "noise calibration schema 1 is not supported (expected 2); it holds round medians, and rounds are now figured by their 10th percentile: remove it and record anew with bench noise --save"
            ),
            ("{\"schema\": 2, \"sittings\": [], \"scenarios\": {\"a\": [1, -1]}}", "scenarios.a holds -1.0, not a positive ratio"),
            ("{\"schema\": 2, \"sittings\": []}", "malformed noise calibration: missing field scenarios"),
        ] {
            let bad = try ResultFiles.write(Data(text.utf8), "bad.json", in: directory)
            let error = #expect(throws: BenchError.self) { try NoiseFile.load(bad, required: true) }
            #expect(error?.description == "\(bad): \(reason)")
        }
    }

    /// The report gives each scenario's spread and range, and a minimum effect that shrinks
    /// with more rounds compared.
    @Test func theReportShowsSpreadAndEffect() throws {
        let run = ResultFiles.run([("a", 1e6)], seed: 3, rounds: 12, roundSpread: 0.05)
        let five = NoiseReport(run, comparedRounds: 5)
        let twenty = NoiseReport(run, comparedRounds: 20)
        let figures = RoundStatistics.roundFigures(run.scenarios[0])
        #expect(five.rows[0].rounds == 12 && five.rows[0].frameMs == RoundStatistics.runFigure(figures) / 1e6)
        #expect(five.rows[0].frameMs > 0.9 && five.rows[0].frameMs < 1)
        #expect(five.rows[0].range > five.rows[0].spread && five.rows[0].range < 0.12)
        #expect(twenty.rows[0].minimumEffect < five.rows[0].minimumEffect)
        let csv = try five.rendered(.csv)
        #expect(csv.hasPrefix("scenario,rounds,frame ms,spread,range,min effect 5/5\na/work:10,12,"))
    }
}
