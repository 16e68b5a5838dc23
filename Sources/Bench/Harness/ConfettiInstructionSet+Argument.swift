import ArgumentParser
import Systems

/// `--confetti-kernels portable|avx2`.
extension ConfettiInstructionSet: ExpressibleByArgument {}
