/// A dense per-world number for a component type, assigned on first use.
public struct ComponentID: Hashable, Comparable, Sendable {
    /// Position in the world's component registry.
    public let rawValue: Int

    @inlinable
    init(rawValue: Int) { self.rawValue = rawValue }

    /// Orders by registration.
    public static func < (lhs: ComponentID, rhs: ComponentID) -> Bool { lhs.rawValue < rhs.rawValue }
}
