/// An entity: a 32-bit index into the world's location table plus a 32-bit generation.
///
/// Destroying an entity bumps the generation stored for its index, so an `Entity` value held
/// after its entity was destroyed is *stale*: every world operation rejects it with
/// ``ECSError/Code-swift.enum/staleEntity`` instead of silently reaching the entity that
/// reuses the index later.
public struct Entity: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Slot in the world's entity table; reused after the entity is destroyed and compacted.
    public let index: UInt32
    /// Incremented each time the slot's entity is destroyed.
    public let generation: UInt32

    /// Creates an entity value from its parts (normally only the world does this).
    @inlinable
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// Creates an entity from its 64-bit id (`generation << 32 | index`).
    @inlinable
    public init(id: UInt64) {
        self.init(index: UInt32(truncatingIfNeeded: id), generation: UInt32(truncatingIfNeeded: id >> 32))
    }

    /// The 64-bit id: generation in the high half, index in the low half.
    @inlinable
    public var id: UInt64 { UInt64(generation) << 32 | UInt64(index) }

    /// The index, `v`, then the generation, for example `42v3`.
    public var description: String { "\(index)v\(generation)" }

    /// Decodes an entity from its 64-bit ``id``; every `UInt64` is a valid id.
    public init(from decoder: any Decoder) throws {
        self.init(id: try decoder.singleValueContainer().decode(UInt64.self))
    }

    /// Encodes the entity as its 64-bit ``id``, a plain JSON integer, so that it can be an
    /// event argument.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}
