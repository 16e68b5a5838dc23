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
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a step that is not a
    ///   positive finite number, a negative or NaN clamp, or a cap below 1.
    public init(step: Double = 1.0 / 60.0, maxFrameDelta: Double = 0.25, maxStepsPerTick: Int = 5) throws(ECSError) {
        guard step.isFinite, step > 0 else {
            throw ECSError(.invalidArgument, "fixed step must be a positive finite number of seconds (got \(step))")
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

    /// Adds a frame's delta and returns how many fixed steps to run now.
    public mutating func advance(by frameDelta: Double) -> Int {
        let delta = frameDelta.isFinite ? Swift.max(0, Swift.min(frameDelta, maxFrameDelta)) : 0
        accumulator += delta
        let available = Int((accumulator + Self.epsilon) / step)
        guard available > 0 else { return 0 }
        let steps = Swift.min(available, maxStepsPerTick)
        accumulator -= Double(steps) * step
        if available > maxStepsPerTick { accumulator = 0 }
        return steps
    }

    /// Forgets owed time (on resume or seek).
    public mutating func reset() {
        accumulator = 0
    }
}
