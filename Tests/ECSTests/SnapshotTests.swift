import Foundation
import Testing
@testable import ECS

@Suite struct SnapshotTests {
    /// Checks that `copy` holds exactly what `original` holds for `live` and `stale`: the same
    /// live ids with the same registered components, the same stale ids, and the same ids for
    /// the next spawns, before and after a compaction.
    func expectSameWorld(_ original: World, _ copy: World, live: [Entity], stale: [Entity]) throws {
        #expect(copy.entityCount == original.entityCount)
        for entity in live {
            #expect(copy.isAlive(entity))
            #expect((try? copy.get(Place.self, of: entity)) == (try? original.get(Place.self, of: entity)))
            #expect((try? copy.get(Tag.self, of: entity)) == (try? original.get(Tag.self, of: entity)))
            #expect((try? copy.get(Dose.self, of: entity)) == (try? original.get(Dose.self, of: entity)))
            #expect(!copy.has(Unsaved.self, entity))
        }
        for entity in stale { #expect(!copy.isAlive(entity)) }
        for _ in 0..<3 { #expect(try copy.spawn(Place(x: 0, y: 0)) == original.spawn(Place(x: 0, y: 0))) }
        original.compact()
        copy.compact()
        for _ in 0..<4 { #expect(try copy.spawn() == original.spawn()) }
    }

    @Test(arguments: SnapshotEncoding.allCases)
    func roundTripKeepsIdsGenerationsComponentsAndReuseOrder(_ encoding: SnapshotEncoding) throws {
        let schema = try SnapshotFixtures.schema()
        let (world, live, stale) = try SnapshotFixtures.busyWorld()
        let bytes = try schema.save(world, as: encoding)
        let copy = World()
        try schema.load(bytes, as: encoding, into: copy)
        #expect(try schema.save(copy, as: encoding) == bytes)
        try expectSameWorld(world, copy, live: live, stale: stale)
    }

    @Test func aWorldAfterEveryKindOfStepSurvivesTheRoundTripCheck() throws {
        let schema = try SnapshotFixtures.schema()
        let (world, live, _) = try SnapshotFixtures.busyWorld()
        try SnapshotRoundTripCheck.expectReproduces(world, schema: schema)
        try world.remove(Place.self, from: live[0])
        try world.destroy(live[1])
        try SnapshotRoundTripCheck.expectReproduces(world, schema: schema)
        world.compact()
        try world.spawn(Dose(amount: 1, lethal: false))
        let copy = try SnapshotRoundTripCheck.expectReproduces(world, schema: schema)
        #expect(try copy.spawn() == world.spawn())
    }

    @Test func sparseComponentsStaySparseAndTableComponentsQueryable() throws {
        let schema = try SnapshotFixtures.schema()
        let (world, _, _) = try SnapshotFixtures.busyWorld()
        let copy = World()
        try schema.load(try schema.save(world), into: copy)
        #expect(try copy.componentStorage(of: copy.componentID(for: Dose.self)) == .sparseSet)
        var places: [Entity: Place] = [:]
        try copy.query(Read<Place>.self).forEach { entity, place in places[entity] = place }
        var expected: [Entity: Place] = [:]
        try world.query(Read<Place>.self).forEach { entity, place in expected[entity] = place }
        #expect(places == expected)
    }

    @Test func exhaustedGenerationsAreNeverReused() throws {
        let schema = try SnapshotFixtures.schema()
        let image = SnapshotImage(generations: [UInt32.max, 3], alive: [false, false], free: [1], pending: [], sections: [])
        let world = World()
        try world.restore(image)
        let copy = World()
        try schema.load(try schema.save(world), into: copy)
        #expect(try copy.spawn() == Entity(index: 1, generation: 3))
        #expect(try copy.spawn() == Entity(index: 2, generation: 0))
    }

    @Test(arguments: SnapshotEncoding.allCases)
    func emptyWorldsRoundTrip(_ encoding: SnapshotEncoding) throws {
        let schema = try SnapshotFixtures.schema()
        let copy = World()
        try schema.load(try schema.save(World(), as: encoding), as: encoding, into: copy)
        #expect(copy.entityCount == 0)
        #expect(try copy.spawn() == Entity(index: 0, generation: 0))
        let entitiesOnly = World()
        try SnapshotSchema().load(try SnapshotSchema().save(World(), as: encoding), as: encoding, into: entitiesOnly)
        #expect(entitiesOnly.entityCount == 0)
    }

    @Test func aSchemaWithoutComponentsSavesEntitiesOnly() throws {
        let (world, live, stale) = try SnapshotFixtures.busyWorld()
        let copy = World()
        try SnapshotSchema().load(try SnapshotSchema().save(world), into: copy)
        for entity in live { #expect(copy.isAlive(entity) && !copy.has(Place.self, entity)) }
        for entity in stale { #expect(!copy.isAlive(entity)) }
    }

    @Test func loadingIntoAWorldThatHandedOutIdsIsRefused() throws {
        let schema = try SnapshotFixtures.schema()
        let bytes = try schema.save(try SnapshotFixtures.busyWorld().world)
        let used = World()
        let entity = try used.spawn(Place(x: 1, y: 1))
        let error = try #require(throws: ECSError.self) { try schema.load(bytes, into: used) }
        #expect(error.code == .invalidArgument)
        #expect(used.entityCount == 1)
        #expect(try used.get(Place.self, of: entity) == Place(x: 1, y: 1))
        try used.destroy(entity)
        used.compact()
        #expect(throws: ECSError.self) { try schema.load(bytes, into: used) }
    }

    @Test func savingOrLoadingInsideALoopIsRefused() throws {
        let schema = try SnapshotFixtures.schema()
        let (world, _, _) = try SnapshotFixtures.busyWorld()
        let bytes = try schema.save(world)
        let empty = World()
        try world.query(Read<Place>.self).forEach { _, _ in
            #expect(throws: ECSError.self) { _ = try schema.save(world) }
        }
        try world.query(Read<Place>.self).forEach { _, _ in
            let error = try #require(throws: ECSError.self) { try schema.load(bytes, into: world) }
            #expect(error.code == .structuralChangeDuringIteration)
        }
        #expect(empty.entityCount == 0)
    }

    @Test func registrationRejectsBadNamesAndRepeats() throws {
        var schema = SnapshotSchema()
        try schema.register(Place.self, name: "Place")
        let emptyName = try #require(throws: ECSError.self) { try schema.register(Tag.self, name: "") }
        let takenName = try #require(throws: ECSError.self) { try schema.register(Tag.self, name: "Place") }
        let repeatedType = try #require(throws: ECSError.self) { try schema.register(Place.self, name: "Other") }
        let longName = try #require(throws: ECSError.self) { try schema.register(Tag.self, name: String(repeating: "n", count: 70_000)) }
        for error in [emptyName, takenName, repeatedType, longName] { #expect(error.code == .invalidArgument) }
        #expect(schema.names == ["Place"])
        try schema.register(Tag.self, name: "A tag")
        #expect(schema.names == ["A tag", "Place"])
    }

    @Test func codableOnlyComponentsRoundTripInBinaryAsJSONText() throws {
        var schema = SnapshotSchema()
        try schema.register(Tag.self, name: "Tag")
        let world = World()
        let entity = try world.spawn(Tag(label: "hé \"quoted\""))
        let copy = World()
        try schema.load(try schema.save(world), into: copy)
        #expect(try copy.get(Tag.self, of: entity) == Tag(label: "hé \"quoted\""))
    }

    @Test func aComponentSavedInItsBinaryFormNeedsABinaryFormToLoad() throws {
        var binary = SnapshotSchema()
        try binary.register(Place.self, name: "Thing")
        var codableOnly = SnapshotSchema()
        try codableOnly.register(Tag.self, name: "Thing")
        let world = World()
        try world.spawn(Place(x: 1, y: 2))
        let loader = World()
        let error = try #require(throws: ECSError.self) { try codableOnly.load(try binary.save(world), into: loader) }
        #expect(error.code == .corruptSnapshot)
        #expect(loader.entityCount == 0)
    }

    @Test func aRenamedTypeLoadsUnderItsStableName() throws {
        var saving = SnapshotSchema()
        try saving.register(Place.self, name: "Position")
        var loading = SnapshotSchema()
        try loading.register(PlaceRenamed.self, name: "Position")
        let world = World()
        let entity = try world.spawn(Place(x: 3, y: 4))
        let copy = World()
        try loading.load(try saving.save(world), into: copy)
        #expect(try copy.get(PlaceRenamed.self, of: entity) == PlaceRenamed(x: 3, y: 4))
    }

    @Test(arguments: SnapshotEncoding.allCases)
    func filesAreWrittenWholeAndReadBack(_ encoding: SnapshotEncoding) throws {
        let schema = try SnapshotFixtures.schema()
        let (world, live, stale) = try SnapshotFixtures.busyWorld()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/world.snapshot"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try schema.write(world, to: path, as: encoding)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["world.snapshot"])
        let copy = World()
        try schema.read(from: path, as: encoding, into: copy)
        try expectSameWorld(world, copy, live: live, stale: stale)
    }

    @Test func fileErrorsAreTyped() throws {
        let schema = try SnapshotFixtures.schema()
        let missing = try #require(throws: ECSError.self) { try schema.read(from: "/nonexistent/world.snapshot", into: World()) }
        #expect(missing.code == .snapshotFile)
        let directory = try #require(throws: ECSError.self) { try schema.read(from: "/tmp", into: World()) }
        #expect(directory.code == .snapshotFile)
        let unwritable = try #require(throws: ECSError.self) { try schema.write(World(), to: "/nonexistent/world.snapshot") }
        #expect(unwritable.code == .snapshotFile)
    }

    @Test func aValueJSONCannotHoldIsATypedSaveError() throws {
        var schema = SnapshotSchema()
        try schema.register(Place.self, name: "Place")
        let world = World()
        try world.spawn(Place(x: .nan, y: 0))
        let error = try #require(throws: ECSError.self) { _ = try schema.save(world, as: .json) }
        #expect(error.code == .invalidArgument)
        let copy = World()
        try schema.load(try schema.save(world), into: copy)
        #expect(copy.entityCount == 1)
    }

    /// The example of the snapshot section of the README and the DocC article.
    @Test func readmeExample() throws {
        struct Position: Codable, SnapshotBinaryCodable {
            var x, y: Float
            init(x: Float, y: Float) { self.x = x; self.y = y }
            func encode(to writer: inout SnapshotWriter) { writer.write(x); writer.write(y) }
            init(from reader: inout SnapshotReader) throws(ECSError) { x = try reader.read(); y = try reader.read() }
        }
        struct Label: Codable { var text: String }

        var schema = SnapshotSchema()
        try schema.register(Position.self, name: "Position")
        try schema.register(Label.self, name: "Label")

        let world = World()
        let ship = try world.spawn(Position(x: 1, y: 2), Label(text: "ship"))
        let bytes = try schema.save(world)               // binary
        let json = try schema.save(world, as: .json)     // or JSON

        let restored = World()
        try schema.load(bytes, into: restored)
        #expect(try restored.get(Position.self, of: ship).x == 1)
        #expect(try restored.get(Label.self, of: ship).text == "ship")
        let fromJSON = World()
        try schema.load(json, as: .json, into: fromJSON)
        #expect(fromJSON.isAlive(ship))
    }
}

/// `Place` after a rename of its Swift type.
struct PlaceRenamed: Equatable, Codable, SnapshotBinaryCodable {
    var x: Float, y: Float
    init(x: Float, y: Float) { self.x = x; self.y = y }
    func encode(to writer: inout SnapshotWriter) { writer.write(x); writer.write(y) }
    init(from reader: inout SnapshotReader) throws(ECSError) { x = try reader.read(); y = try reader.read() }
}
