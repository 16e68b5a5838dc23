import Foundation

/// A known slowdown added to one scenario's measured frames, so that a test or a CI script can
/// check that `bench compare` catches it: `BENCH_TEST_SLOWDOWN=<scenario>:<fraction>` (for
/// example `confetti:0.2`) makes each measured frame of that scenario spin on its thread, inside
/// the frame, until the thread's CPU time is (1 + fraction) times the frame's own.
package struct FrameSlowdown: Equatable, Sendable {
    /// The environment variable it is read from.
    package static let variable = "BENCH_TEST_SLOWDOWN"

    /// The scenario slowed.
    package let scenario: String
    /// The extra CPU time, as a fraction of the frame's own (0.2 = 20%).
    package let fraction: Double

    /// The slowdown the environment asks for; nil when the variable is unset. Throws
    /// `BenchError.invalidArgument` when it is set but not `<scenario>:<fraction>` with a
    /// fraction in 0...10.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> FrameSlowdown?
    {
        guard let text = environment[variable] else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let fraction = Double(parts[1]), (0...10).contains(fraction) else {
            throw BenchError.invalidArgument("\(variable) must be <scenario>:<fraction in 0...10>, got '\(text)'")
        }
        return FrameSlowdown(scenario: String(parts[0]), fraction: fraction)
    }

    /// The extra fraction for the workload named `name`; nil when it is not the one slowed.
    package func fraction(for name: String) -> Double? { name == scenario ? fraction : nil }

    /// Spins until the calling thread's CPU time since `start` is `(1 + fraction)` times what
    /// it was when called.
    package static func spin(since start: UInt64, fraction: Double) {
        let own = Clocks.threadCPU() &- start
        let end = start &+ UInt64(Double(own) * (1 + fraction))
        while Clocks.threadCPU() < end {}
    }
}
