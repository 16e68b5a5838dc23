/// An entity: a 32-bit index into the world's location table plus a 32-bit generation.
public struct Entity: Hashable, Sendable {
    public let index: UInt32
    public let generation: UInt32
}
