import BenchKit
import ECS

/// `--confetti-kernels portable|avx2|avx512`: the instruction set of the C kernels (confetti
/// step, rasteriser, resampler) of every scenario of the run; every set gives the same bits.
/// The scenarios read it from their settings (``kernels(_:)``) and pass it to what they build.
enum KernelOption {
    /// The option's name.
    static let name = "confetti-kernels"

    /// The declaration, an option of every scenario of the suite.
    static let option = ScenarioOption.choice(
        name, KernelInstructionSet.allCases.map(\.rawValue),
        help: "C kernels (confetti step, rasteriser, resampler), the widest this machine supports by default; all give the same bits.")

    /// The set `settings` name, or the widest this machine supports.
    static func kernels(_ settings: RunSettings) -> KernelInstructionSet {
        settings.text(name).flatMap(KernelInstructionSet.init(rawValue:)) ?? .best
    }

    /// `settings` with the portable kernels, whose instruction counts do not depend on the
    /// machine's vector extensions.
    static func portable(_ settings: RunSettings) -> RunSettings {
        var settings = settings
        settings.options[name] = .text(KernelInstructionSet.portable.rawValue)
        return settings
    }

    /// Rejects a set this machine cannot run.
    static func validate(_ settings: RunSettings) throws {
        guard let name = settings.text(name), let set = KernelInstructionSet(rawValue: name) else { return }
        guard set.isSupported else {
            throw BenchError.invalidArgument("--confetti-kernels \(name): this machine cannot run them")
        }
    }
}
