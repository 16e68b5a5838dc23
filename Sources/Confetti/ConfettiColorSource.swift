import Render

/// Supplies the colour of each new particle.
///
/// A source may draw from the generator; whatever it draws is part of the particle's random
/// stream (step 6 of the draw order in `ConfettiSpawner`), so two sources that draw
/// differently give different particles for the same seed.
public protocol ConfettiColorSource: Sendable {
    /// Returns the colour of the next particle.
    mutating func nextColor(using generator: inout some RandomNumberGenerator) -> RGBAColor
}
