import ArgumentParser

/// The options that set a scenario's minimum effect, shared by `bench compare` and
/// `bench history`.
struct MinimumEffectOptions: ParsableArguments {
    /// The A/A calibration file.
    @Option(help: "A/A noise calibration (bench noise --save); used when present.")
    var noise: String = NoiseFile.defaultPath

    /// The smallest minimum effect, in percent.
    @Option(help: "The smallest change judged, in percent, whatever the calibration says.")
    var minEffect: Double = 1

    /// The smallest minimum effect as a fraction.
    var floor: Double { minEffect / 100 }

    /// Rejects a minimum effect outside 0...100.
    func validate() throws {
        guard minEffect.isFinite, (0...100).contains(minEffect) else {
            throw ValidationError("--min-effect must be a percentage in 0...100, got \(minEffect)")
        }
    }

    /// The calibration: nil when the default file is missing; a named file must exist.
    func calibration() throws -> NoiseCalibration? {
        try NoiseFile.load(noise, required: noise != NoiseFile.defaultPath)
    }
}
