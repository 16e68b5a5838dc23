extension ConfettiConfig {
    /// Particle generation and duration.
    public struct Lifecycle: Hashable, Sendable {
        /// Number of particles created by ``ConfettiSimulation/start(canvasSize:seed:at:)``. Default 150.
        public var particleCount: Int = 150
        /// Total length of a burst in seconds; the simulation stops after it. Default 3.
        public var duration: Double = 3.0
        /// Length of the global fade-out that ends at ``duration``. Default 1.
        public var fadeOutDuration: Double = 1.0
        /// Single burst (the default) or continuous respawning.
        public var emission: ConfettiEmission = .burst

        /// Creates the default lifecycle values.
        public init() {}
    }
}
