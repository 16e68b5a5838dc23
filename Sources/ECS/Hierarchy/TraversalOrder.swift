/// The order of a walk over a hierarchy. Both visit a parent before its children, and
/// siblings in the order they were attached.
public enum TraversalOrder: Sendable {
    /// Each subtree whole before the next sibling (pre-order).
    case depthFirst
    /// Level by level: every entity at depth d before any at depth d + 1.
    case breadthFirst
}
