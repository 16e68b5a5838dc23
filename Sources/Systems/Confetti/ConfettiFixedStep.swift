/// The original's frame-to-fixed-step conversion, as pure arithmetic.
///
/// A frame delta that is NaN or infinite counts as 0 and is clamped to `0...0.25` s; it is
/// added to the accumulator, and `Int((accumulator + 1e-6) / dt)` steps are available (the
/// epsilon keeps "exactly one step" from flooring to 0). At most ``maxStepsPerTick`` run; the
/// accumulator loses the time of the steps run, and is zeroed when more were available.
enum ConfettiFixedStep {
    /// Upper bound on steps per tick, against the spiral of death.
    static let maxStepsPerTick = 5
    /// Largest frame delta taken into account, in seconds.
    static let maxFrameDelta = 0.25
    /// Tolerance for floating-point drift in the accumulator, in seconds.
    static let epsilon = 1e-6

    /// The clamped delta: NaN and infinities become 0, then `0...maxFrameDelta`.
    static func clampedDelta(_ delta: Double) -> Double {
        guard delta.isFinite else { return 0 }
        return max(0, min(delta, maxFrameDelta))
    }

    /// Adds `frameDelta` to `accumulator` and returns how many steps of `dt` to run now,
    /// leaving in `accumulator` what the original leaves.
    static func consume(frameDelta: Double, accumulator: inout Double, dt: Double) -> Int {
        accumulator += clampedDelta(frameDelta)
        let available = Int((accumulator + epsilon) / dt)
        guard available > 0 else { return 0 }
        let steps = min(available, maxStepsPerTick)
        accumulator -= Double(steps) * dt
        if available > maxStepsPerTick {
            accumulator = 0
        }
        return steps
    }
}
