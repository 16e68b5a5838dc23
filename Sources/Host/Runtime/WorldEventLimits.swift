/// How many emitted events a hosted world holds before they are delivered, and how large
/// they may be in all: what one action or one frame can make the world keep in memory.
///
/// An event past either limit is dropped and counted
/// (``HostDiagnostics/Counter/eventsOverflowed``); the action or frame that emitted it goes
/// on, and its answer says nothing of the drop. Events leave the world after each action and
/// frame, so the limits bound one burst, not a rate.
public struct WorldEventLimits: Sendable, Equatable {
    /// The most events waiting for delivery.
    public let maxEvents: Int
    /// The most bytes of event arguments waiting for delivery, as JSON text would hold them
    /// (``JSONValue/estimatedTextBytes``).
    public let maxBytes: Int

    /// 65,536 events and 32 MiB: room for the largest `flood` of the counter world.
    public static let standard = WorldEventLimits(checkedMaxEvents: 65_536, maxBytes: 32 << 20)

    /// Limits of `maxEvents` events and `maxBytes` bytes.
    /// - Throws: `ActorError` `config_error` when either is below 1.
    public init(maxEvents: Int, maxBytes: Int) throws(ActorError) {
        guard maxEvents > 0, maxBytes > 0 else {
            throw .configError("event limits must be positive (got \(maxEvents) events, \(maxBytes) bytes)")
        }
        self.init(checkedMaxEvents: maxEvents, maxBytes: maxBytes)
    }

    private init(checkedMaxEvents: Int, maxBytes: Int) {
        maxEvents = checkedMaxEvents
        self.maxBytes = maxBytes
    }
}
