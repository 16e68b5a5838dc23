/// One draw of harmonious corners: the profile, the four HSB triples in draw order, the
/// rotation and the resulting corner colours.
public struct CornerDraw: Equatable, Sendable {
    /// The profile picked first.
    public let profile: HarmonyProfile
    /// `[h, s, b]` of c1…c4, in the order they were drawn.
    public let hsb: [[Double]]
    /// The rotation, `0...3`, drawn last.
    public let rotation: Int
    /// The corners after the rotation.
    public let corners: CornerColors
}
