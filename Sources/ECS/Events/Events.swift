/// Typed events of one type `E`, double-buffered by frame (bevy's model): an event sent in one
/// frame can be read in that frame and the next, then it is dropped.
///
/// ``App`` keeps one `Events<E>` per type registered with ``App/addEvent(_:)`` as a resource
/// and calls ``update()`` at the start of every frame. Systems send with an ``EventWriter``
/// (which writes the resource, so writers of one type never overlap) and read with an
/// ``EventReader``, whose cursor is its own: each reader sees each event once.
public final class Events<E> {
    /// The events of the previous frame.
    private var older: [E] = []
    /// The events of this frame.
    private var newer: [E] = []
    /// The number of the first event of `older`; events are numbered from 0 in send order.
    private var olderStart = 0
    /// The number of the first event of `newer`.
    private var newerStart = 0

    /// An empty channel.
    public init() {}

    /// The number the next event will get.
    var nextNumber: Int { newerStart + newer.count }

    /// Events alive: this frame's and the previous frame's.
    public var count: Int { older.count + newer.count }

    /// Sends `event`.
    public func send(_ event: E) {
        newer.append(event)
    }

    /// Starts a frame: the previous frame's events are dropped and this frame's become the
    /// previous. Keeps the buffers' storage, so steady traffic allocates nothing.
    public func update() {
        swap(&older, &newer)
        newer.removeAll(keepingCapacity: true)
        olderStart = newerStart
        newerStart = olderStart + older.count
    }

    /// Calls `body` with every alive event numbered from `cursor` on, in send order, and moves
    /// `cursor` past them. A cursor older than the alive events skips to the oldest.
    func read(from cursor: inout Int, _ body: (E) throws -> Void) rethrows {
        cursor = Swift.max(cursor, olderStart)
        while cursor < nextNumber {
            let event = cursor < newerStart ? older[cursor - olderStart] : newer[cursor - newerStart]
            cursor += 1
            try body(event)
        }
    }
}

/// A typed system parameter that sends events of type `E`.
public struct EventWriter<E>: SystemParam {
    private let events: Events<E>

    /// Sends `event`.
    public func send(_ event: E) {
        events.send(event)
    }

    /// Nothing kept between runs.
    public typealias State = Void

    /// Writes `Events<E>`.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {
        try access.add(Events<E>.self, writing: true, system: system)
    }

    /// Nothing to make.
    public static func makeState(_ world: World) throws(ECSError) {}

    /// A writer to the world's `Events<E>`.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource`` when `E` was not added with
    ///   ``App/addEvent(_:)``.
    public static func fetch(_ state: Void, _ context: SystemContext) throws(ECSError) -> EventWriter<E> {
        EventWriter(events: try context.world.resources.get(Events<E>.self))
    }
}

/// Where an ``EventReader`` has read up to: the number of the next event it reads.
public final class EventCursor {
    /// The number of the next event to read.
    var next = 0

    /// A cursor at the oldest alive event.
    public init() {}
}

/// A typed system parameter that reads events of type `E`, each once.
public struct EventReader<E>: SystemParam {
    private let events: Events<E>
    private let cursor: EventCursor

    /// Calls `body` with every event this reader has not seen yet, oldest first.
    public func forEach(_ body: (E) throws -> Void) rethrows {
        try events.read(from: &cursor.next, body)
    }

    /// The events this reader has not seen yet, oldest first.
    public func read() -> [E] {
        var events: [E] = []
        forEach { events.append($0) }
        return events
    }

    /// The reader's cursor, kept between runs.
    public typealias State = EventCursor

    /// Reads `Events<E>`.
    public static func declare(in access: inout SystemAccess, system: String) throws(ECSError) {
        try access.add(Events<E>.self, writing: false, system: system)
    }

    /// A cursor at the oldest alive event: a reader added late sees what is still alive.
    public static func makeState(_ world: World) throws(ECSError) -> EventCursor { EventCursor() }

    /// A reader of the world's `Events<E>` from the cursor.
    /// - Throws: ``ECSError/Code-swift.enum/missingResource`` when `E` was not added with
    ///   ``App/addEvent(_:)``.
    public static func fetch(_ state: EventCursor, _ context: SystemContext) throws(ECSError) -> EventReader<E> {
        EventReader(events: try context.world.resources.get(Events<E>.self), cursor: state)
    }
}
