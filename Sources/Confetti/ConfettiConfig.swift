/// Values that define a confetti animation, in five groups: lifecycle, physics, spawn,
/// appearance and wind.
///
/// Start from a preset (``celebration`` is the default) or change individual fields:
///
/// ```swift
/// var config = ConfettiConfig.explosion
/// config.lifecycle.particleCount = 500
/// ```
///
/// Lengths are in points, times in seconds, angles in radians. Fields are `Double`; the
/// simulation stores particle state as `Float` and rounds each value once when a particle is
/// created (see `ConfettiSpawner`).
public struct ConfettiConfig: Hashable, Sendable {
    /// Particle count, duration, fade-out and emission mode.
    public var lifecycle = Lifecycle()
    /// Gravity, drag, terminal velocity and the fixed time step.
    public var physics = Physics()
    /// Launch origin, speed and angle, and the out-of-bounds margin.
    public var spawn = Spawn()
    /// Particle size and rotation speeds.
    public var appearance = Appearance()
    /// Horizontal wind sway.
    public var wind = Wind()

    /// Creates the default configuration (the values of ``celebration``).
    public init() {}
}
