import ECS
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// Shared fixtures of the confetti tests (the original's: bounds 300×600, a constant colour).
enum ConfettiFixture {
    static let canvas = SIMD2<Double>(300, 600)
    static let red = RGBAColor(r: 1, g: 0.4, b: 0.4)

    /// A configuration with `count` particles and otherwise the defaults.
    static func config(count: Int, duration: Double = 3, emission: ConfettiEmission = .burst) -> ConfettiConfig {
        var config = ConfettiConfig()
        config.lifecycle.particleCount = count
        config.lifecycle.duration = duration
        config.lifecycle.emission = emission
        return config
    }

    /// A started simulation with a constant colour source.
    static func started(
        _ config: ConfettiConfig, seed: UInt64 = 1, threads: Int = 1, canvas: SIMD2<Double> = canvas
    ) throws -> ConfettiSimulation {
        let simulation = try ConfettiSimulation(
            configuration: config, world: World(), colorSource: ConstantColorSource(color: red), threadCount: threads
        )
        try simulation.start(canvasSize: canvas, seed: seed, at: 0)
        return simulation
    }

    /// The contract's invariants of `cloud`.
    static func invariantsHold(_ cloud: ConfettiCloud) -> Bool {
        let traits = cloud.traits
        let states = cloud.states
        return traits.count == states.count
            && traits.count == cloud.count
            && cloud.aliveCount <= cloud.count
            && states.allSatisfy { (0...1).contains($0.opacity) }
    }
}
