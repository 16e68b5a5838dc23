/// The hierarchy bookkeeping of one world.
final class HierarchyState {
    /// Whether the hooks that keep ``Children`` lists right are registered (on the first
    /// ``World/setParent(_:to:)``).
    var isEnabled = false
    /// Bumped by every change to a parent or a children list, so that a cached walk order
    /// (``ParentFirstPropagation``) knows to rebuild.
    var version: UInt64 = 0
}
