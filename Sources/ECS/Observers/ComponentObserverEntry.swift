/// A hook or observer of an event on component `C`: its callback typed, for a change
/// specialised for `C`, which calls it directly, and type-erased (``ObserverEntry/body``), for
/// the changes that know the component only by its id (spawn, destroy).
@usableFromInline
final class ComponentObserverEntry<C>: ObserverEntry {
    /// The callback as registered.
    @usableFromInline let callback: (Trigger<C>) -> Void

    /// An entry for `callback`, registered for `event`. Inlinable, so that the type-erased
    /// body is specialised for `C` where the callback is registered.
    @inlinable
    init(id: ObserverID, isHook: Bool, event: ComponentEvent, callback: @escaping (Trigger<C>) -> Void) {
        self.callback = callback
        super.init(id: id, isHook: isHook, body: World.erase(event, callback))
    }
}
