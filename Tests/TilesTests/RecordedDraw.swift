import Tiles

/// The corner draw of `SplitMix64(seed: 1)`, recorded once; a change in generator, draw
/// order or ranges changes it.
enum RecordedDraw {
    /// The profile drawn.
    static let profile = HarmonyProfile.berry
    /// The rotation drawn.
    static let rotation = 2
    /// h1 s1 b1 … h4 s4 b4.
    static let hsb: [Double] = [
        0.937289087863135, 0.39420055071735927, 0.9722179608527886, 0.9722132350413178, 0.8525788783823522,
        0.9754697373528346, 0.7523067179850982, 0.5571017368793933, 0.7587993211324612, 0.8404142169050226,
        0.9605420368975329, 0.29098758149405796,
    ]
}
