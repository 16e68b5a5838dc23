import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of reading a thresholds file that was edited by hand: every bad value is one line
/// naming the file and the field, never a trap in the frame loops it drives.
struct ThresholdsFileTests {
    /// The committed thresholds file as an object, with `edit` applied, written to a fresh
    /// temporary directory; returns its path.
    private func edited(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/thresholds.json").standardized
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: committed)) as? [String: Any])
        edit(&object)
        let directory = try Fixtures.temporaryDirectory()
        return try ResultFiles.write(try JSONSerialization.data(withJSONObject: object), "thresholds.json", in: directory)
    }

    /// The one line `bench gate` ends with for the thresholds file at `path`.
    private func gateLine(_ path: String) -> String? {
        ResultFiles.failure(["gate", "--thresholds", path, "--no-instructions"])?.line
    }

    /// A run setting out of range is refused before any frame runs; a negative warmup or
    /// iteration count used to reach `0..<count` and trap.
    @Test(arguments: [
        ("warmup", -1, "warmup is -1, expected 0...100000"),
        ("iterations", -5, "iterations is -5, expected 1...100000"),
        ("iterations", 0, "iterations is 0, expected 1...100000"),
        ("particles", -3, "particles is -3, expected 1...50000000"),
        ("instruction_tolerance_percent", 250, "instruction_tolerance_percent is 250.0, expected 0...100"),
    ])
    func outOfRangeSettingIsOneLine(field: String, value: Int, expected: String) throws {
        let path = try edited { $0[field] = value }
        #expect(gateLine(path) == "\(path): \(expected)")
    }

    /// A field of the wrong type is named, not reported as a bare "malformed".
    @Test func wrongTypeNamesTheField() throws {
        let path = try edited { $0["warmup"] = "three" }
        #expect(gateLine(path) == "\(path): malformed thresholds file: warmup has the wrong type (expected Int)")
        let missing = try edited { $0["workloads"] = nil }
        #expect(gateLine(missing) == "\(missing): malformed thresholds file: missing field workloads")
    }

    /// Bytes that are not JSON say so.
    @Test func invalidJSONSaysSo() throws {
        let directory = try Fixtures.temporaryDirectory()
        let path = try ResultFiles.write(Data("{\"schema\": 1,".utf8), "thresholds.json", in: directory)
        #expect(gateLine(path) == "\(path): not valid JSON")
    }

    /// A missing file says how to record one; a directory in its place is not called missing.
    @Test func missingOrDirectoryIsNamed() throws {
        let directory = try Fixtures.temporaryDirectory()
        let missing = directory + "/none.json"
        #expect(gateLine(missing) == "\(missing): no such file (record it with bench gate --update)")
        #expect(try ThresholdsFile.load(missing, required: false) == nil)
        #expect(gateLine(directory) == "\(directory): is a directory, not a file")
        #expect(throws: BenchError.thresholds(path: directory, reason: "is a directory, not a file")) {
            try ThresholdsFile.load(directory, required: false)
        }
    }

    /// The committed file is in range and loads.
    @Test func committedFileLoads() throws {
        let path = try edited { _ in }
        let thresholds = try #require(try ThresholdsFile.load(path, required: true))
        #expect(thresholds.outOfRangeSetting == nil)
    }
}
