extension ConfettiConfig {
    /// Where and how particles are launched, and when they count as gone.
    public struct Spawn: Hashable, Sendable {
        /// Distance outside the canvas at which a particle is removed. Default 150.
        public var boundaryMargin: Double = 150
        /// Height of the launch point as a fraction of the canvas height (0 = top). Default 0.6.
        public var originHeightRatio: Double = 0.6
        /// Launch speed in points per second. Default 1800...4000.
        public var speedRange: ClosedRange<Double> = 1800...4000
        /// Centre of the launch angle: -π/2 is up, 0 right, π/2 down. Default -π/2.
        public var angleCenter: Double = -Double.pi / 2
        /// Half-width of the launch angle; angles are drawn from `-spread ..< spread` around
        /// ``angleCenter``, so it must be positive. Default π/3.
        public var angleSpread: Double = Double.pi / 3

        /// Creates the default spawn values.
        public init() {}
    }
}
