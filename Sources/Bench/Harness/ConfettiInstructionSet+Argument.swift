import ArgumentParser
import Systems

/// `--confetti-kernels portable|avx2|avx512`.
extension ConfettiInstructionSet: ExpressibleByArgument {}
