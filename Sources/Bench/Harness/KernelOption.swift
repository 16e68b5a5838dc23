import BenchKit
import Systems

/// `--confetti-kernels portable|avx2|avx512`: the instruction set of the C kernels (confetti
/// step, rasteriser, resampler) for the whole run; every set gives the same bits.
enum KernelOption {
    /// The option's name.
    static let name = "confetti-kernels"

    /// The declaration, an option of every scenario of the suite.
    static let option = ScenarioOption.choice(
        name, ConfettiInstructionSet.allCases.map(\.rawValue),
        help: "C kernels (confetti step, rasteriser, resampler), the widest this machine supports by default; all give the same bits.")

    /// Rejects a set this machine cannot run.
    static func validate(_ settings: RunSettings) throws {
        guard let name = settings.text(name), let set = ConfettiInstructionSet(rawValue: name) else { return }
        guard set.isSupported else {
            throw BenchError.invalidArgument("--confetti-kernels \(name): this machine cannot run them")
        }
    }
}
