/// The hooks and observers of one world, and the commands they recorded that wait to be
/// applied.
///
/// Only the thread holding the world exclusively changes it: registration is rejected while
/// loops or systems run, and callbacks fire only from structural changes or from `set` outside
/// a running system. Readers on other threads (a parallel system's `set` asking whether to
/// record an event) only read it.
final class ObserverRegistry {
    /// The callbacks of each event, by component id; an id past the end has none.
    private var byComponent: [[ComponentEvent: [ObserverEntry]]] = []
    /// The observers of entity destruction, in registration order.
    private(set) var destroyObservers: [ObserverEntry] = []
    /// The components with at least one remove callback, which a destroy looks at.
    private(set) var removeObserved: [ComponentID] = []
    /// Registered callbacks of every kind.
    private(set) var count = 0
    private var nextID: UInt64 = 0

    /// Where callbacks record changes; the world applies them after the change that fired them.
    var pending = Commands()
    /// The buffer being applied while ``pending`` collects the next round.
    var applying = Commands()
    /// Callbacks running now (nested through `set`).
    var depth = 0
    /// Whether the world is applying recorded commands (so a change it makes does not settle
    /// again).
    var isSettling = false
    /// The bounds of one chain.
    var limits = ObserverLimits.standard

    /// The callbacks of `event` on component `id`, hooks first, then observers in registration
    /// order.
    func entries(_ event: ComponentEvent, _ id: ComponentID) -> [ObserverEntry] {
        guard id.rawValue < byComponent.count else { return [] }
        return byComponent[id.rawValue][event] ?? []
    }

    /// Whether `event` on component `id` has a callback.
    func has(_ event: ComponentEvent, _ id: ComponentID) -> Bool {
        id.rawValue < byComponent.count && byComponent[id.rawValue][event] != nil
    }

    /// Adds a callback for `event` on `id` and returns its handle. A hook goes before the
    /// observers; a second hook of the same event and component is an error.
    func add(_ event: ComponentEvent, _ id: ComponentID, isHook: Bool, _ body: @escaping ObserverEntry.Body) -> ObserverID? {
        if byComponent.count <= id.rawValue { byComponent.append(contentsOf: repeatElement([:], count: id.rawValue + 1 - byComponent.count)) }
        var list = byComponent[id.rawValue][event] ?? []
        if isHook && list.first?.isHook == true { return nil }
        let entry = ObserverEntry(id: makeID(), isHook: isHook, body: body)
        if isHook { list.insert(entry, at: 0) } else { list.append(entry) }
        byComponent[id.rawValue][event] = list
        if event == .remove && !removeObserved.contains(id) { removeObserved.append(id) }
        count += 1
        return entry.id
    }

    /// Adds an observer of entity destruction and returns its handle.
    func addDestroyObserver(_ body: @escaping ObserverEntry.Body) -> ObserverID {
        let entry = ObserverEntry(id: makeID(), isHook: false, body: body)
        destroyObservers.append(entry)
        count += 1
        return entry.id
    }

    /// Removes the callback with handle `id`; false when none has it.
    func remove(_ id: ObserverID) -> Bool {
        if let index = destroyObservers.firstIndex(where: { $0.id == id }) {
            destroyObservers.remove(at: index)
            count -= 1
            return true
        }
        for component in byComponent.indices {
            for (event, list) in byComponent[component] {
                guard let index = list.firstIndex(where: { $0.id == id }) else { continue }
                var rest = list
                rest.remove(at: index)
                byComponent[component][event] = rest.isEmpty ? nil : rest
                if event == .remove && rest.isEmpty { removeObserved.removeAll { $0.rawValue == component } }
                count -= 1
                return true
            }
        }
        return false
    }

    private func makeID() -> ObserverID {
        nextID += 1
        return ObserverID(rawValue: nextID)
    }
}
