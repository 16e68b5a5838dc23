extension ConfettiConfig {
    /// Forces and the fixed simulation step.
    public struct Physics: Hashable, Sendable {
        /// Downward acceleration in points per second squared. Default 2500.
        public var gravity: Double = 2500
        /// Velocity multiplier applied once per fixed step (not scaled by the step length),
        /// `0...1`. Default 0.88.
        public var drag: Double = 0.88
        /// Cap on the downward velocity only; upward speed is not capped. Default 150.
        public var terminalVelocity: Double = 150
        /// Length of one fixed simulation step in seconds. Default 1/60.
        public var fixedDeltaTime: Double = 1.0 / 60.0

        /// Creates the default physics values.
        public init() {}
    }
}
