import ECS
import Confetti
import Host

extension ConfettiWorld {
    /// The hosted confetti player, registered as `confetti` at 60 frames per second:
    /// - `start(seed?)` plays from the beginning and returns the alive count;
    /// - `pause()` holds the frame and returns whether the player still plays (false);
    /// - `seek(seconds)` replays to that time (clamped to the run) and returns the alive count;
    /// - event `frame(alive)` after every step while playing.
    /// The creation input is a ``ConfettiWorldInput`` (or nothing, for the defaults).
    public static func definition() throws(ActorError) -> WorldDefinition<ConfettiWorld> {
        try WorldDefinition("confetti", events: ["frame"], targetFrameRate: 60) { input in
            try ConfettiWorld(input: input?.decode(ConfettiWorldInput.self) ?? ConfettiWorldInput())
        }
        .action("start") { (model: ConfettiWorld, seed: UInt64?) in try model.start(seed: seed) }
        .action("pause") { (model: ConfettiWorld) in
            model.pause()
            return model.isPlaying
        }
        .action("seek") { (model: ConfettiWorld, seconds: Double) in
            guard seconds.isFinite else { throw ConfettiError(.invalidArgument, "seek needs a finite time (got \(seconds))") }
            model.player.seek(to: seconds)
            return model.aliveCount
        }
    }
}
