/// How a simulation creates particles.
public enum ConfettiEmission: Hashable, Sendable {
    /// The default: every particle is created at start, the run fades out over the last
    /// ``ConfettiConfig/Lifecycle/fadeOutDuration`` seconds and stops after
    /// ``ConfettiConfig/Lifecycle/duration``.
    case burst
    /// An extension for sustained load: a particle that leaves the canvas is created again in
    /// its row with freshly drawn traits, so exactly `particleCount` particles stay alive.
    /// Respawns are numbered on from the initial particles, in row order within a step, and
    /// each draws from a ``ConfettiLCG`` seeded with its identifier (a SplitMix64 mix of the
    /// seed and its number), in the draw order of the initial particles, so a step's respawns are
    /// drawn on its threads with the same bits (in row order on one thread when the colour
    /// source is not the default palette, which may keep state).
    /// There is no end: the duration does not stop the run and the global fade-out does not
    /// apply. Seeking still replays from the start and is clamped to the duration.
    case continuous
}
