extension ConfettiConfig {
    /// Horizontal sway: `sin(elapsed * timeScale + index * particlePhaseScale) * force`.
    public struct Wind: Hashable, Sendable {
        /// Per-particle wind strength (positive pushes right). Default -150...150.
        public var forceRange: ClosedRange<Double> = -150...150
        /// How fast the wind oscillates over time. Default 3.
        public var timeScale: Double = 3.0
        /// Phase offset between neighbouring particles. Default 0.3.
        public var particlePhaseScale: Double = 0.3

        /// Creates the default wind values.
        public init() {}
    }
}
