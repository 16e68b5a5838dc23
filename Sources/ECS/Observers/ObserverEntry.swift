/// One registered callback: a component hook or observer with its type erased, or an observer
/// of entity destruction.
@usableFromInline
struct ObserverEntry {
    /// The callback, called with the world, the entity, the address of the component value
    /// (none for a destroy) and the commands to record changes in.
    @usableFromInline typealias Body = (World, Entity, ObservedValue, Commands) -> Void

    /// The handle ``World/removeObserver(_:)`` takes.
    let id: ObserverID
    /// Whether this is the component's hook (at most one per event and component, run first).
    let isHook: Bool
    /// The callback.
    let body: Body
}
