/// A change to one component of one entity that hooks and observers can react to.
public enum ComponentEvent: String, Sendable, CaseIterable {
    /// The entity gained the component: a spawn with it, or an insert into an entity without
    /// one. The trigger's value is the value stored.
    case add
    /// The component's value was replaced: `set`, or an insert into an entity that had one.
    /// Writes through queries and `modify` are not events. The trigger's value is the new value.
    case set
    /// The entity is about to lose the component: a remove, or a destroy. The trigger's value
    /// is the value being removed, still stored while the callback runs.
    case remove

    /// Number of events (`allCases.count`, as a constant).
    @inlinable
    static var count: Int { 3 }

    /// The event's position in `allCases`.
    @inlinable
    var index: Int {
        switch self {
        case .add: 0
        case .set: 1
        case .remove: 2
        }
    }

    /// The event's bit in a mask of events.
    @inlinable
    var bit: UInt8 { 1 << UInt8(index) }
}
