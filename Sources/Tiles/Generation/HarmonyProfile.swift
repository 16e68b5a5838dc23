/// The seven colour families a board's corners come from, in declaration order (the order
/// `randomElement(using:)` picks from).
public enum HarmonyProfile: String, CaseIterable, Sendable {
    /// Warm yellow to deep violet.
    case sunset
    /// Pale cyan to deep blue.
    case ocean
    /// Light green to dark teal.
    case forest
    /// Pale pink to dark magenta.
    case berry
    /// Green, cyan, blue and violet.
    case aurora
    /// Lemon, orange, lime and red.
    case citrus
    /// Greys and dark blues.
    case midnight

    /// The draw ranges of corners c1 (lightest) to c4 (darkest).
    public var ranges: [HSBRange] {
        switch self {
        case .sunset:
            return [
                HSBRange(h: 0.12...0.16, s: 0.2...0.4, b: 0.95...1.0),
                HSBRange(h: 0.02...0.08, s: 0.7...0.9, b: 0.9...1.0),
                HSBRange(h: 0.85...0.92, s: 0.4...0.6, b: 0.8...0.9),
                HSBRange(h: 0.75...0.82, s: 0.8...1.0, b: 0.3...0.5),
            ]
        case .ocean:
            return [
                HSBRange(h: 0.5...0.55, s: 0.05...0.2, b: 0.95...1.0),
                HSBRange(h: 0.55...0.6, s: 0.5...0.7, b: 0.9...1.0),
                HSBRange(h: 0.6...0.65, s: 0.6...0.8, b: 0.6...0.8),
                HSBRange(h: 0.65...0.7, s: 0.9...1.0, b: 0.2...0.4),
            ]
        case .forest:
            return [
                HSBRange(h: 0.25...0.32, s: 0.3...0.5, b: 0.9...1.0),
                HSBRange(h: 0.35...0.42, s: 0.6...0.8, b: 0.8...0.9),
                HSBRange(h: 0.45...0.5, s: 0.5...0.7, b: 0.6...0.8),
                HSBRange(h: 0.5...0.55, s: 0.8...1.0, b: 0.2...0.4),
            ]
        case .berry:
            return [
                HSBRange(h: 0.9...0.95, s: 0.2...0.4, b: 0.95...1.0),
                HSBRange(h: 0.95...1.0, s: 0.7...0.9, b: 0.8...1.0),
                HSBRange(h: 0.7...0.8, s: 0.5...0.7, b: 0.6...0.8),
                HSBRange(h: 0.8...0.9, s: 0.9...1.0, b: 0.2...0.4),
            ]
        case .aurora:
            return [
                HSBRange(h: 0.3...0.35, s: 0.4...0.6, b: 0.9...1.0),
                HSBRange(h: 0.5...0.55, s: 0.6...0.8, b: 0.8...0.9),
                HSBRange(h: 0.6...0.65, s: 0.5...0.7, b: 0.6...0.8),
                HSBRange(h: 0.75...0.8, s: 0.8...1.0, b: 0.3...0.5),
            ]
        case .citrus:
            return [
                HSBRange(h: 0.14...0.18, s: 0.2...0.4, b: 0.95...1.0),
                HSBRange(h: 0.08...0.12, s: 0.6...0.8, b: 0.9...1.0),
                HSBRange(h: 0.25...0.3, s: 0.5...0.7, b: 0.7...0.9),
                HSBRange(h: 0.02...0.06, s: 0.9...1.0, b: 0.4...0.6),
            ]
        case .midnight:
            return [
                HSBRange(h: 0.6...0.7, s: 0.0...0.1, b: 0.9...1.0),
                HSBRange(h: 0.6...0.65, s: 0.3...0.5, b: 0.6...0.8),
                HSBRange(h: 0.7...0.75, s: 0.4...0.6, b: 0.5...0.7),
                HSBRange(h: 0.65...0.7, s: 0.8...1.0, b: 0.1...0.3),
            ]
        }
    }
}
