/// The relationship component of a child: the entity it belongs to (flecs' `ChildOf` pair,
/// bevy's `ChildOf`).
///
/// Only ``World/setParent(_:to:)`` adds it, so that the parent's ``Children`` list always
/// names exactly the entities whose `ChildOf` names that parent. Removing it (with
/// ``World/removeParent(_:)`` or a plain remove) takes the child off that list.
public struct ChildOf: Equatable, Hashable, Sendable {
    /// The parent entity.
    public let parent: Entity

    /// A relationship to `parent`; only the world makes one.
    init(parent: Entity) { self.parent = parent }
}
