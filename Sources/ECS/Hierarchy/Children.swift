/// The children of a parent, in the order they were attached: the world keeps it equal to the
/// entities whose ``ChildOf`` names the parent, through every reparent, remove and destroy.
///
/// A parent loses the component when its last child leaves.
public struct Children: Equatable, Sendable {
    /// The child entities, in the order they were attached.
    public internal(set) var entities: [Entity]
}
