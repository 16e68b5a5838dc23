import BenchKit
import ECS

/// ecs_bench_suite `serialize_binary` and `serialize_text`: a world of N entities with
/// `Transform`, `Position`, `Rotation` and `Velocity` is saved through a ``SnapshotSchema``
/// (binary, or JSON for the text form) into a reused buffer, then loaded into a fresh world:
/// one round trip per frame.
///
/// The entities' values differ (`Position` is the entity's number, `Velocity` its negation),
/// so the checksum proves each value came back to its entity. Checksum components: the
/// loaded world's `Transform`, `Position`, `Rotation`, `Velocity`. Work: `updated` = N per
/// frame (each entity saved and loaded). Bytes per frame: the snapshot, written then read.
final class SerializeWorkload: VerifiableWorkload {
    let entities: Int
    let encoding: SnapshotEncoding
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let schema: SnapshotSchema
    private let world = World()
    /// The snapshot buffer, reused by every frame.
    private var bytes: [UInt8] = []
    /// The world the last frame loaded.
    private var loaded = World()

    /// A world of `entities` entities to round-trip in `encoding`. Throws
    /// `BenchError.invalidArgument` for a count outside 0...`MeasureOptions.maxParticles`.
    init(entities: Int, encoding: SnapshotEncoding) throws {
        guard (0...MeasureOptions.maxParticles).contains(entities) else {
            throw BenchError.invalidArgument(
                "serialize entity count must be in 0...\(MeasureOptions.maxParticles), got \(entities)")
        }
        self.entities = entities
        self.encoding = encoding
        var schema = SnapshotSchema()
        try schema.register(Transform.self, name: "Transform")
        try schema.register(Position.self, name: "Position")
        try schema.register(Rotation.self, name: "Rotation")
        try schema.register(Velocity.self, name: "Velocity")
        self.schema = schema
        try world.spawn(count: entities) { i in
            let value = Float(i)
            return (Transform(), Position(value: Vector3(x: value, y: 0, z: 0)), Rotation(),
                    Velocity(value: Vector3(x: -value, y: 1, z: 1)))
        }
        try schema.save(world, as: encoding, into: &bytes)
    }

    var name: String { encoding == .binary ? "ecs.serialize_binary" : "ecs.serialize_text" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { 2 * bytes.count }
    var isParallel: Bool { false }

    func runFrame() {
        // Cannot throw: the world holds finite values of registered types and no loop runs, so
        // it saves, and its own snapshot loads into an empty world.
        try! schema.save(world, as: encoding, into: &bytes)
        let fresh = World()
        try! schema.load(bytes, as: encoding, into: fresh)
        loaded = fresh
        work.addFrame(updated: entities)
    }

    /// The checksum of the world the last frame loaded (the saved world before any frame).
    func stateChecksum() throws -> StateChecksum {
        try StandardEntityChecksum.of(work.frames == 0 ? world : loaded)
    }
}
