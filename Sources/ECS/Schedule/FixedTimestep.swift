/// Turns variable frame deltas into a whole number of fixed simulation steps, with the
/// accumulator rules of the Confetti simulation: a delta that is NaN or infinite counts as 0,
/// deltas are clamped to `0...maxFrameDelta`, an epsilon of 1e-6 s keeps "exactly one step" from
/// flooring to zero, at most `maxStepsPerTick` steps run per tick, and when more were owed the
/// accumulator is dropped to zero instead of spiralling.
public struct FixedTimestep: Sendable, Equatable {
    /// Seconds of simulation per step.
    public let step: Double
    /// Largest frame delta accepted, in seconds.
    public let maxFrameDelta: Double
    /// Most steps run by one ``advance(by:)``.
    public let maxStepsPerTick: Int
    /// Tolerance added before flooring the owed step count.
    public static let epsilon = 1e-6
    /// Seconds owed to the simulation and not yet stepped.
    public private(set) var accumulator: Double = 0

    /// A driver with the given step (default 1/60 s), delta clamp (0.25 s) and step cap (5).
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a step that is not finite or
    ///   not above ``epsilon`` (a zero delta would then owe a step), a negative, NaN or infinite
    ///   clamp, or a cap below 1.
    public init(step: Double = 1.0 / 60.0, maxFrameDelta: Double = 0.25, maxStepsPerTick: Int = 5) throws(ECSError) {
        guard step.isFinite, step > Self.epsilon else {
            throw ECSError(
                .invalidArgument,
                "fixed step must be a finite number of seconds above the \(Self.epsilon) s epsilon (got \(step))"
            )
        }
        guard maxFrameDelta.isFinite, maxFrameDelta >= 0 else {
            throw ECSError(.invalidArgument, "maximum frame delta must be finite and not negative (got \(maxFrameDelta))")
        }
        guard maxStepsPerTick >= 1 else {
            throw ECSError(.invalidArgument, "maximum steps per tick must be at least 1 (got \(maxStepsPerTick))")
        }
        self.step = step
        self.maxFrameDelta = maxFrameDelta
        self.maxStepsPerTick = maxStepsPerTick
    }

    /// Adds a frame's delta and returns how many fixed steps to run now, `0...maxStepsPerTick`,
    /// for any step size the initialiser accepts.
    public mutating func advance(by frameDelta: Double) -> Int {
        let delta = frameDelta.isFinite ? Swift.max(0, Swift.min(frameDelta, maxFrameDelta)) : 0
        accumulator += delta
        // The owed count stays a Double until it is known to fit the cap: with a tiny step
        // (1e-300 s) it can be far beyond Int's range, or infinite.
        let owed = ((accumulator + Self.epsilon) / step).rounded(.down)
        guard owed >= 1 else { return 0 }
        guard let steps = Int(exactly: owed), steps <= maxStepsPerTick else {
            accumulator = 0
            return maxStepsPerTick
        }
        accumulator -= owed * step
        return steps
    }

    /// Forgets owed time (on resume or seek).
    public mutating func reset() {
        accumulator = 0
    }
}
