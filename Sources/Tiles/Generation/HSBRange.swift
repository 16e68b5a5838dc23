/// The closed ranges one corner's hue, saturation and brightness are drawn from.
public struct HSBRange: Equatable, Sendable {
    /// Hue range, in turns (`0...1`).
    public let h: ClosedRange<Double>
    /// Saturation range.
    public let s: ClosedRange<Double>
    /// Brightness range.
    public let b: ClosedRange<Double>

    /// Ranges for the three components.
    public init(h: ClosedRange<Double>, s: ClosedRange<Double>, b: ClosedRange<Double>) {
        self.h = h
        self.s = s
        self.b = b
    }
}
