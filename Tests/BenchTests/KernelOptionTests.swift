import Testing

@testable import Bench
@testable import BenchKit
import Platform

/// `--confetti-kernels`: the set reaches the scenarios through their settings, and instruction
/// counts always run the portable kernels.
@Suite struct KernelOptionTests {
    @Test func theNamedSetOrTheBestReachesTheScenarios() {
        var settings = Fixtures.settings
        #expect(KernelOption.kernels(settings) == .best)
        #expect(EcsBench.kernels(settings) == KernelInstructionSet.best.rawValue)
        settings.options[KernelOption.name] = .text("portable")
        #expect(KernelOption.kernels(settings) == .portable)
        #expect(EcsBench.kernels(settings) == "portable")
    }

    @Test func instructionCountsRunThePortableKernels() {
        var settings = Fixtures.settings
        settings.options[KernelOption.name] = .text(KernelInstructionSet.best.rawValue)
        let counted = EcsBench.instructionCountSettings(settings)
        #expect(KernelOption.kernels(counted) == .portable)
        #expect(counted.particles == settings.particles && counted.seed == settings.seed)
    }

    @Test func aSetThisMachineCannotRunIsRefused() throws {
        for set in KernelInstructionSet.allCases {
            var settings = Fixtures.settings
            settings.options[KernelOption.name] = .text(set.rawValue)
            if set.isSupported {
                try KernelOption.validate(settings)
            } else {
                let error = #expect(throws: BenchError.self) { try KernelOption.validate(settings) }
                #expect(error?.description == "--confetti-kernels \(set.rawValue): this machine cannot run them")
            }
        }
    }
}
