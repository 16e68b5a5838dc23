/// One sparse-set component of a spawn bundle: its component, its position among the bundle's
/// arguments and its byte offset in the bundle's tuple `(repeat each C)`.
///
/// A ``SpawnBundle`` lists only table components, so a bundle with fewer elements than
/// arguments holds sparse ones; the world keeps their elements apart, by bundle type, so that
/// table-only spawns carry nothing extra.
@usableFromInline
struct SparseBundleElement {
    /// The component, whose world's sparse set receives the value.
    @usableFromInline let id: ComponentID
    /// Position among the bundle's arguments.
    @usableFromInline let argument: Int
    /// Byte offset in the bundle's tuple.
    @usableFromInline let offset: Int
}
