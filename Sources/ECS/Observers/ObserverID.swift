/// The handle of a registered observer, for ``World/removeObserver(_:)``.
public struct ObserverID: Hashable, Sendable, CustomStringConvertible {
    /// A number unique within the world that handed it out.
    public let rawValue: UInt64

    /// `observer#<number>`.
    public var description: String { "observer#\(rawValue)" }
}
