/// The hooks and observers of one world, and the commands they recorded that wait to be
/// applied.
///
/// Only the thread holding the world exclusively changes it: registration is rejected while
/// loops, systems or callbacks run, and callbacks fire only from structural changes or from
/// `set` outside a running system. Readers on other threads (a parallel system's `set` asking
/// whether to record an event) only read it. It lives in the world's bookkeeping, reached
/// through the world's storage pointer, so its accesses need no dynamic exclusivity checks,
/// and it holds its callbacks and command buffers through unmanaged references, so firing
/// pays no reference counting; ``deallocate()`` gives them back.
@safe @usableFromInline
struct ObserverRegistry {
    /// The callbacks of each component and event, at ``slot(_:_:)``, hooks first; a slot
    /// past the end has none. The entries of component `C`'s slots are
    /// ``ComponentObserverEntry``s of `C`.
    @usableFromInline private(set) var lists: ContiguousArray<ObserverList> = []
    /// Per component id, one bit per event (``ComponentEvent/bit``) that has a callback: the
    /// check a change makes before it looks for callbacks.
    @usableFromInline private(set) var eventBits: ContiguousArray<UInt8> = []
    /// The observers of entity destruction, in registration order.
    private(set) var destroyObservers = ObserverList()
    /// The components with at least one remove callback, which a destroy looks at.
    private(set) var removeObserved: [ComponentID] = []
    /// Registered callbacks of every kind.
    private(set) var count = 0
    private var nextID: UInt64 = 0

    /// Where callbacks record changes (a +1 reference), made with the first callback.
    @usableFromInline private(set) var pendingBuffer: Unmanaged<Commands>?
    /// The round being applied while ``pendingBuffer`` collects the next (a +1 reference), made
    /// with the first callback.
    private(set) var applyingBuffer: Unmanaged<Commands>?
    /// Whether the world is applying recorded commands (so a change it makes does not settle
    /// again).
    var isSettling = false
    /// The bounds of one chain.
    var limits = ObserverLimits.standard

    /// An empty registry.
    init() {}

    /// Gives back the callbacks and command buffers; called once by the world's deinitialiser.
    @unsafe func deallocate() {
        // SAFETY: each list and buffer reference is given back exactly once, here.
        for list in lists { unsafe list.deallocate() }
        unsafe destroyObservers.deallocate()
        unsafe pendingBuffer?.release()
        unsafe applyingBuffer?.release()
    }

    /// Where callbacks record changes; the world applies them after the change that fired them.
    /// Only read once a callback is registered.
    var pending: Commands {
        // SAFETY: the buffer is held by the registry until `deallocate()`.
        unsafe pendingBuffer.unsafelyUnwrapped.takeUnretainedValue()
    }

    /// Whether callbacks recorded commands that wait to be applied.
    @inlinable
    var hasPendingCommands: Bool {
        // SAFETY: as in ``pending``.
        guard let buffer = unsafe pendingBuffer else { return false }
        return unsafe buffer._withUnsafeGuaranteedRef { $0.count > 0 }
    }

    /// The round being applied. Only read once a callback is registered.
    var applying: Commands {
        // SAFETY: as in ``pending``.
        unsafe applyingBuffer.unsafelyUnwrapped.takeUnretainedValue()
    }

    /// Makes the recorded round the one to apply, and an empty buffer the one to record into.
    mutating func swapBuffers() {
        // SAFETY: both references stay held by the registry; only their roles change.
        unsafe swap(&pendingBuffer, &applyingBuffer)
    }

    /// The callbacks of `event` on component `id`, hooks first, then observers in registration
    /// order. In line, so that a caller reading the registry in place loads only the list.
    @inlinable @inline(__always)
    func list(_ event: ComponentEvent, _ id: ComponentID) -> ObserverList {
        let slot = Self.slot(event, id)
        return slot < lists.count ? lists[slot] : ObserverList()
    }

    /// Whether `event` on component `id` has a callback.
    @inlinable
    func has(_ event: ComponentEvent, _ id: ComponentID) -> Bool {
        id.rawValue < eventBits.count && eventBits[id.rawValue] & event.bit != 0
    }

    /// Adds the callback `makeEntry` makes with its handle, for `event` on component `id`, and
    /// returns the handle. A hook goes before the observers; a second hook of the same event
    /// and component is refused (nil).
    @usableFromInline
    mutating func add(_ event: ComponentEvent, _ id: ComponentID, isHook: Bool, _ makeEntry: (ObserverID) -> ObserverEntry) -> ObserverID? {
        let slot = Self.slot(event, id)
        if lists.count <= slot { lists.append(contentsOf: repeatElement(ObserverList(), count: slot + 1 - lists.count)) }
        if eventBits.count <= id.rawValue { eventBits.append(contentsOf: repeatElement(0, count: id.rawValue + 1 - eventBits.count)) }
        if isHook && lists[slot].first?.isHook == true { return nil }
        let entry = makeEntry(makeID())
        lists[slot].insert(entry, at: isHook ? 0 : lists[slot].count)
        eventBits[id.rawValue] |= event.bit
        if event == .remove && !removeObserved.contains(id) { removeObserved.append(id) }
        count += 1
        return entry.id
    }

    /// Adds an observer of entity destruction and returns its handle.
    mutating func addDestroyObserver(_ body: @escaping ObserverEntry.Body) -> ObserverID {
        let entry = ObserverEntry(id: makeID(), isHook: false, body: body)
        destroyObservers.insert(entry, at: destroyObservers.count)
        count += 1
        return entry.id
    }

    /// Removes the callback with handle `id`; false when none has it.
    mutating func remove(_ id: ObserverID) -> Bool {
        if destroyObservers.remove(id) {
            count -= 1
            return true
        }
        for slot in lists.indices {
            guard lists[slot].remove(id) else { continue }
            if lists[slot].count == 0 {
                let component = ComponentID(rawValue: slot / ComponentEvent.count)
                let event = ComponentEvent.allCases[slot % ComponentEvent.count]
                eventBits[component.rawValue] &= ~event.bit
                if event == .remove { removeObserved.removeAll { $0 == component } }
            }
            count -= 1
            return true
        }
        return false
    }

    /// The position of the list of `event` on component `id` in ``lists`` (a component id is
    /// far below `Int.max / ComponentEvent.count`).
    @inlinable @inline(__always)
    static func slot(_ event: ComponentEvent, _ id: ComponentID) -> Int {
        id.rawValue &* ComponentEvent.count &+ event.index
    }

    private mutating func makeID() -> ObserverID {
        // SAFETY: the +1 references taken here are given back by `deallocate()`.
        if unsafe pendingBuffer == nil {
            unsafe pendingBuffer = .passRetained(Commands())
            unsafe applyingBuffer = .passRetained(Commands())
        }
        nextID += 1
        return ObserverID(rawValue: nextID)
    }
}
