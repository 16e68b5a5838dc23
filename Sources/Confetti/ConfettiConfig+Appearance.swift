extension ConfettiConfig {
    /// Particle size and spin.
    public struct Appearance: Hashable, Sendable {
        /// Base size in points, scaled separately for width and height. Default 8...16.
        public var baseSizeRange: ClosedRange<Double> = 8...16
        /// Factor applied to the base size for the width. Default 0.5...2.
        public var widthScaleRange: ClosedRange<Double> = 0.5...2.0
        /// Factor applied to the base size for the height. Default 0.4...1.2.
        public var heightScaleRange: ClosedRange<Double> = 0.4...1.2
        /// Spin around the X axis (flutter) in radians per second. Default 2...6.
        public var rotationXSpeedRange: ClosedRange<Double> = 2.0...6.0
        /// Spin around the Y axis (flip) in radians per second. Default 1.5...5.
        public var rotationYSpeedRange: ClosedRange<Double> = 1.5...5.0

        /// Creates the default appearance values.
        public init() {}
    }
}
