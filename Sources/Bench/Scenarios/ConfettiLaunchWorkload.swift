import BenchKit
import Confetti

/// The `confetti.launch` scenario (on demand): one frame is one launch of `--particles`
/// particles (100,000 by default) on a 1920x1080 canvas with the celebration preset, each frame
/// with the next seed: the draws of every particle and the rewrite of the cloud in place, the
/// work a win's burst adds to the `game` frame. It judges itself: the worst launch must take at
/// most ``budgetMs`` of CPU time on one thread, so that a launch fits in a frame beside the rest
/// of the game.
final class ConfettiLaunchWorkload: SelfJudgingWorkload {
    /// Longest a launch may take, in ms: a sixteenth of a 60 fps frame.
    static let budgetMs = 1.0

    /// Particles per launch.
    let particles: Int
    /// The simulation launched every frame.
    private let simulation: ConfettiSimulation
    /// The seed of the next launch.
    private var seed: UInt64
    /// Folds the results in, so no work is optimised away.
    private var checksum = 0

    /// A simulation of `particles` particles, first launched from `seed` (the warm-up's
    /// launches reach the steady state: a relaunch of the same size rewrites the cloud in place).
    /// - Throws: `ConfettiError` for a particle count the configuration refuses.
    init(particles: Int, seed: UInt64, kernels: KernelInstructionSet) throws {
        self.particles = particles
        self.seed = seed
        var configuration = ConfettiConfig.celebration
        configuration.lifecycle.particleCount = particles
        simulation = try ConfettiSimulation(configuration: configuration, world: World(), kernels: kernels)
    }

    /// "confetti.launch".
    var name: String { "confetti.launch" }
    /// The particles per launch.
    var params: [String: Int] { ["particles": particles] }
    /// Every particle launched.
    var entitiesPerFrame: Int { particles }

    /// Launches every particle with the next seed.
    func runFrame() {
        seed &+= 1
        // Cannot throw: the canvas and time are valid constants, and a relaunch of the same size
        // rewrites the particles in place.
        try! simulation.start(canvasSize: SIMD2(1920, 1080), seed: seed)
        checksum &+= simulation.cloud?.aliveCount ?? 0
    }

    /// Passes when the slowest launch's CPU time is within ``budgetMs``: the budget's worst-frame
    /// figure, with a reason that names the launch.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        var judgement = BudgetJudge.judge(samples, parallel: false, budgetMs: Self.budgetMs, statistics: [.max])
        let figure = judgement.judged[0]
        judgement.reason = String(
            format: "slowest launch of %d particles %.2f ms %@ %.0f ms", particles, figure.value,
            figure.passes ? "<=" : ">", Self.budgetMs)
        return judgement
    }
}
