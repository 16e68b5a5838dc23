/// One alternative of an `or` filter (``Query/or(_:_:_:)``): a component that an entity's
/// table must hold or lack, or whose values must have changed or been added since a version.
///
/// ```swift
/// // Entities with a Position and a Player or an Enemy component (bevy's
/// // `Or<(With<Player>, With<Enemy>)>`, flecs' `Player || Enemy`):
/// let actors = try world.query(Read<Position>.self).or(.with(Player.self), .with(Enemy.self))
/// // Entities whose Position or Velocity was added since the last frame:
/// let fresh = try world.query(Read<Position>.self)
///     .or(.added(Position.self, since: lastFrame), .added(Velocity.self, since: lastFrame))
/// ```
public struct QueryFilter {
    /// What the filter asks of its component.
    @usableFromInline
    enum Kind: Equatable {
        /// The table holds the component.
        case with
        /// The table lacks the component.
        case without
        /// The component's column was written, or the table's rows changed, after the version
        /// (per table, as ``Query/changed(_:since:)``).
        case changed(since: UInt64)
        /// The entity's value was added after the version (per entity, as
        /// ``Query/added(_:since:)``).
        case added(since: UInt64)

        /// The kind with its version left out, for comparing the shapes of two filters.
        var shape: Int {
            switch self {
            case .with: 0
            case .without: 1
            case .changed: 2
            case .added: 3
            }
        }
    }

    /// What the filter asks.
    @usableFromInline let kind: Kind
    /// The component type it names.
    @usableFromInline let component: Any.Type

    /// Entities whose table holds `C`.
    @inlinable
    public static func with<C>(_ type: C.Type) -> QueryFilter { QueryFilter(kind: .with, component: C.self) }

    /// Entities whose table lacks `C`.
    @inlinable
    public static func without<C>(_ type: C.Type) -> QueryFilter { QueryFilter(kind: .without, component: C.self) }

    /// Entities whose table's `C` column was written, or whose table's rows changed, after
    /// `version` (per table, like ``Query/changed(_:since:)``).
    @inlinable
    public static func changed<C>(_ type: C.Type, since version: UInt64) -> QueryFilter {
        QueryFilter(kind: .changed(since: version), component: C.self)
    }

    /// Entities whose `C` component was added after `version` (per entity, like
    /// ``Query/added(_:since:)``).
    @inlinable
    public static func added<C>(_ type: C.Type, since version: UInt64) -> QueryFilter {
        QueryFilter(kind: .added(since: version), component: C.self)
    }

    /// A filter of `kind` on `component`.
    @usableFromInline
    init(kind: Kind, component: Any.Type) {
        self.kind = kind
        self.component = component
    }
}
