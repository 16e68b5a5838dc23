import Foundation

/// Reads and writes the noise calibration file (`Benchmarks/noise.json`).
enum NoiseFile {
    /// Where `bench compare`, `bench history` and `bench noise --save` look by default.
    static let defaultPath = "Benchmarks/noise.json"

    /// The calibration at `path`; nil when the file does not exist and is not `required`.
    /// Throws `BenchError.unreadableResult` naming the file when it cannot be read, is not
    /// JSON, has another schema or holds a value that is not a positive, finite ratio.
    static func load(_ path: String, required: Bool) throws -> NoiseCalibration? {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = UnreadableFile.reason(path)
            guard reason != UnreadableFile.missing || required else { return nil }
            throw BenchError.unreadableResult(path: path, reason: reason)
        }
        let calibration: NoiseCalibration
        do {
            calibration = try JSONDecoder().decode(NoiseCalibration.self, from: data)
        } catch let error as DecodingError {
            let isJSON = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
            let reason = isJSON ? "malformed noise calibration: \(ResultCoding.describe(error))" : "not valid JSON"
            throw BenchError.unreadableResult(path: path, reason: reason)
        }
        guard calibration.schema == NoiseCalibration.currentSchema else {
            let advice = calibration.schema < NoiseCalibration.currentSchema
                ? "; it holds round medians, and rounds are now figured by their 10th percentile: remove it and record anew with bench noise --save"
                : ""
            throw BenchError.unreadableResult(
                path: path,
                reason: "noise calibration schema \(calibration.schema) is not supported (expected \(NoiseCalibration.currentSchema))\(advice)")
        }
        for (name, values) in calibration.scenarios {
            if let bad = values.first(where: { !($0.isFinite && $0 > 0) }) {
                throw BenchError.unreadableResult(
                    path: path, reason: "scenarios.\(name) holds \(bad), not a positive ratio")
            }
        }
        return calibration
    }

    /// Writes `calibration` to `path` atomically, creating its directory.
    static func save(_ calibration: NoiseCalibration, to path: String) throws {
        try AtomicFile.prepareDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try AtomicFile.write(try ResultCoding.encode(calibration), to: path)
    }
}
