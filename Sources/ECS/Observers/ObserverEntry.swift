/// One registered callback: a component hook or observer with its type erased, or an observer
/// of entity destruction.
///
/// A class, so that firing reaches it through an unmanaged reference (``ObserverList``) and
/// calls its body, a constant of a live object, without reference counting. A component's
/// callbacks are ``ComponentObserverEntry`` instances, which also keep the callback typed.
@usableFromInline
class ObserverEntry {
    /// The callback, called with the world, the entity, the address of the component value
    /// (none for a destroy) and the commands to record changes in.
    @usableFromInline typealias Body = (World, Entity, ObservedValue, Commands) -> Void

    /// The handle ``World/removeObserver(_:)`` takes.
    let id: ObserverID
    /// Whether this is the component's hook (at most one per event and component, run first).
    let isHook: Bool
    /// The callback.
    @usableFromInline let body: Body

    /// An entry for `body`.
    @usableFromInline
    init(id: ObserverID, isHook: Bool, body: @escaping Body) {
        self.id = id
        self.isHook = isHook
        self.body = body
    }
}
