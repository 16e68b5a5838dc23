/// Where a system sits among the others of its schedule: the named sets it belongs to, the
/// systems or sets it must run before and after, and the conditions it runs under.
///
/// Labels name a system (its ``System/name``) or a set; ordering after a set orders after every
/// system in it. A label that names nothing in the schedule is an error when the schedule is
/// built, so a typo cannot silently drop an order.
public struct SystemOrdering: Sendable {
    /// Sets the system belongs to.
    public var sets: [String] = []
    /// Systems or sets that must run after it.
    public var before: [String] = []
    /// Systems or sets that must run before it.
    public var after: [String] = []
    /// Conditions, all of which must hold for the system to run. They are evaluated when the
    /// schedule run starts, before any of its systems runs, on the calling thread.
    public var conditions: [@Sendable (World) throws -> Bool] = []

    /// No set, no order, no condition.
    public init() {}

    /// The given sets and orders.
    public init(sets: [String] = [], before: [String] = [], after: [String] = []) {
        self.sets = sets
        self.before = before
        self.after = after
    }
}

/// Two systems of one schedule whose accesses conflict and that no explicit order relates: the
/// schedule runs them in the order they were added, which may not be what was meant (bevy's
/// ambiguity detection).
public struct SystemAmbiguity: Equatable, Sendable, CustomStringConvertible {
    /// The system added first.
    public let first: String
    /// The system added later.
    public let second: String

    /// `'first' and 'second'`.
    public var description: String { "'\(first)' and '\(second)'" }
}
