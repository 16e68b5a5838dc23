/// A component type that declares its storage, as bevy's `#[component(storage = "SparseSet")]`.
///
/// ```swift
/// struct Stunned: StorageDeclaring {
///     static var storage: ComponentStorage { .sparseSet }
///     var frames: Int
/// }
/// ```
/// Conforming is optional: any type is a component, and a type that does not conform lives in
/// the tables. The choice belongs to the type rather than to a registration call on a world
/// because it follows from how the component is used, which is the same in every world; a
/// world reads it once, when it first meets the type, so no structural call pays for it, and
/// no value of the type can ever have been stored the other way before the choice was made.
public protocol StorageDeclaring {
    /// Where worlds store values of this type; ``ComponentStorage/table`` unless overridden.
    static var storage: ComponentStorage { get }
}

extension StorageDeclaring {
    /// Table storage, the default.
    public static var storage: ComponentStorage { .table }
}
