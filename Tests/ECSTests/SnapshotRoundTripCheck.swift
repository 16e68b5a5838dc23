import Testing
@testable import ECS

/// The snapshot check a randomized run makes after a step: the world saved in each encoding
/// loads into an empty world that holds the same slots (generations, live or not), the same
/// free and pending lists in the same order (so the same ids come next), the same entity count
/// and, since a save is canonical, the same registered components (it saves to the same bytes).
enum SnapshotRoundTripCheck {
    /// Expects `world` to survive a round trip through `schema` in both encodings; returns the
    /// world loaded from the binary snapshot.
    @discardableResult
    static func expectReproduces(
        _ world: World, schema: SnapshotSchema, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> World {
        var loaded: [World] = []
        for encoding in SnapshotEncoding.allCases {
            let bytes = try schema.save(world, as: encoding)
            let copy = World()
            try schema.load(bytes, as: encoding, into: copy)
            #expect(try schema.save(copy, as: encoding) == bytes, "\(encoding) snapshot", sourceLocation: sourceLocation)
            #expect(copy.entityCount == world.entityCount, sourceLocation: sourceLocation)
            #expect(slots(of: copy) == slots(of: world), "\(encoding) slots", sourceLocation: sourceLocation)
            #expect(copy.snapshotFreeLists == world.snapshotFreeLists, "\(encoding) free lists", sourceLocation: sourceLocation)
            loaded.append(copy)
        }
        return loaded[0]
    }

    /// Each slot's generation and whether it is alive, by index.
    static func slots(of world: World) -> [String] {
        var slots: [String] = []
        world.forEachSnapshotSlot { slots.append("\($0)\($1 ? "" : " dead")") }
        return slots
    }
}
