import Render

/// Returns the same colour for every particle and draws no random numbers, so the random
/// stream of the other traits shifts compared with ``DefaultColorSource``.
public struct ConstantColorSource: ConfettiColorSource, Hashable {
    /// The colour of every particle.
    public var color: RGBAColor

    /// Creates a source that always returns `color`.
    public init(color: RGBAColor) {
        self.color = color
    }

    /// Returns ``color`` without touching the generator.
    public func nextColor(using generator: inout some RandomNumberGenerator) -> RGBAColor {
        color
    }
}
