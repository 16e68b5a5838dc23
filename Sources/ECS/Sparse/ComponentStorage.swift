/// Where a world keeps the values of a component type.
public enum ComponentStorage: Sendable, Equatable {
    /// In the archetype tables (the default): one column per component set, the fastest to
    /// iterate; adding or removing the component moves the entity's row to another table.
    case table
    /// In a sparse set of its own, outside the tables: adding or removing the component touches
    /// only that set and moves no row, at the price of a probe per entity when a query reads it.
    /// Suits components that come and go often (status effects, markers, timers).
    case sparseSet
}
