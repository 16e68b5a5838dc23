import BenchKit
import Confetti

/// One cached render-state read, kept out of line so that a loop of reads performs every one
/// of them: inlined into the loop, the unchanged read would be hoisted out of it and a thousand
/// reads would cost one. The call adds the same few instructions to every read measured.
enum CachedRead {
    /// The count of `player.renderStates`, read through the public API.
    @inline(never)
    static func count(of player: ConfettiPlayer) -> Int {
        player.renderStates.count
    }

    /// The count of `simulation.renderStates`.
    @inline(never)
    static func count(of simulation: ConfettiSimulation) -> Int {
        simulation.renderStates.count
    }
}
