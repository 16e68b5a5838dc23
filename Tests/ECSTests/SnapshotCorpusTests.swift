import Foundation
import Testing
@testable import ECS

/// Hostile snapshots: every one must throw a typed error and leave the world empty, so that
/// the same world still loads a good snapshot afterwards.
@Suite struct SnapshotCorpusTests {
    let schema: SnapshotSchema
    /// A small binary snapshot of every kind of slot and all three fixture components: slots
    /// 0 (alive, generation 0), 1 (alive, 1), 2 (pending, 1), 3 (alive, 0), 4 (free, 1), then
    /// the sections "Dose" (index 0), "Place" (0 and 1) and "Tag" (0 and 3).
    let good: [UInt8]

    init() throws {
        schema = try SnapshotFixtures.schema()
        let world = World()
        let a = try world.spawn(Place(x: 1, y: 2), Tag(label: "a"))
        try world.insert(Dose(amount: 3, lethal: true), into: a)
        let b = try world.spawn(Place(x: 3, y: 4))
        let c = try world.spawn()
        try world.spawn(Tag(label: "c"))
        let f = try world.spawn()
        try world.destroy(b)
        world.compact()
        try world.spawn(Place(x: 5, y: 6))
        try world.destroy(f)
        world.compact()
        try world.destroy(c)
        good = try schema.save(world)
    }

    /// Loads `bytes` into a fresh world, expects `code`, then checks that the world is still
    /// empty and still loads the good snapshot. Returns the error.
    @discardableResult
    func expectRefused(
        _ bytes: [UInt8], as encoding: SnapshotEncoding = .binary, code: ECSError.Code = .corruptSnapshot,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ECSError? {
        let world = World()
        let error = #expect(throws: ECSError.self, sourceLocation: sourceLocation) {
            try schema.load(bytes, as: encoding, into: world)
        }
        #expect(error?.code == code, sourceLocation: sourceLocation)
        #expect(world.entityCount == 0, sourceLocation: sourceLocation)
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try schema.load(good, into: world) }
        return error
    }

    /// `bytes` with a fresh checksum, so that the loader reaches the damage behind it.
    func resigned(_ bytes: [UInt8]) -> [UInt8] {
        let body = Array(bytes.dropLast(8))
        return body + withUnsafeBytes(of: SnapshotChecksum.of(body).littleEndian, Array.init)
    }

    /// The good snapshot with the little-endian `value` at `offset`, re-signed.
    func patched<T: FixedWidthInteger>(_ value: T, at offset: Int) -> [UInt8] {
        var bytes = good
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + $0.count), with: $0) }
        return resigned(bytes)
    }

    @Test func everyTruncationIsRefused() {
        for length in 0..<good.count { expectRefused(Array(good.prefix(length))) }
    }

    @Test func everySingleBitFlipIsRefused() {
        for bit in 0..<(good.count * 8) {
            var bytes = good
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
            expectRefused(bytes)
        }
    }

    @Test func foreignBytesAreRefused() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 40)
        let message = expectRefused(png)?.message ?? ""
        #expect(message.contains("magic"))
        expectRefused(try schema.save(World(), as: .json))
        expectRefused(Array(repeating: 0xFF, count: 4096))
        expectRefused(good, as: .json)
    }

    @Test func unknownVersionsAndFlagsAreRefused() {
        for version: UInt16 in [0, 2, .max] {
            #expect(expectRefused(patched(version, at: 8))?.message.contains("version \(version)") == true)
        }
        expectRefused(patched(UInt16(1), at: 10))
    }

    @Test func absurdCountsAreRefusedBeforeAnyAllocation() {
        for offset in [12, 16, 20] {
            #expect(expectRefused(patched(UInt32.max, at: offset))?.message.contains("remain") == true)
        }
        expectRefused(patched(UInt32.max, at: 24))
        expectRefused(patched(UInt32(0), at: 24))
    }

    /// Offsets in `good`: three sections follow the slots and the lists.
    var sectionsStart: Int {
        let slots = Int(good[12]) , free = Int(good[16]), pending = Int(good[20])
        return 28 + slots * 5 + (free + pending) * 4
    }

    @Test func absurdEntryCountsAreRefused() {
        // The first section is "Dose": name length (2), name (4), form (1), then the count.
        let count = sectionsStart + 2 + 4 + 1
        #expect(good[(sectionsStart + 2)..<(sectionsStart + 6)].elementsEqual("Dose".utf8))
        expectRefused(patched(UInt32.max, at: count))
        expectRefused(patched(UInt32(2), at: count))
        expectRefused(patched(UInt32(0), at: count))
    }

    @Test func badIdsAreRefused() {
        let entry = sectionsStart + 2 + 4 + 1 + 4
        // Dose's one entry moved to index 2, which is dead: a dead entity with components.
        #expect(expectRefused(patched(UInt32(2), at: entry))?.message.contains("not alive") == true)
        expectRefused(patched(UInt32(99), at: entry))
        // Slot 1 (offsets 33...37) made alive with the exhausted generation.
        expectRefused(patched(UInt32.max, at: 33))
        // The free list's one index (after the four slots) pointed at a live slot, then out of range.
        let free = 28 + Int(good[12]) * 5
        expectRefused(patched(UInt32(1), at: free))
        expectRefused(patched(UInt32(40), at: free))
        // Alive flags that are not 0 or 1.
        expectRefused(patched(UInt8(2), at: 32))
    }

    @Test func deadEntitiesWithComponentsAreRefused() throws {
        let image = SnapshotImage(
            generations: [0], alive: [false], free: [0], pending: [],
            sections: [StagedSection<Place>(name: "Place", capacity: 0).appending(Place(x: 0, y: 0), of: 0)])
        let error = try #require(throws: ECSError.self) { try image.validate() }
        #expect(error.message.contains("not alive"))
    }

    @Test func duplicateAndUnlistedFreeIdsAreRefused() {
        let images = [
            SnapshotImage(generations: [1, 1], alive: [false, false], free: [0, 0], pending: [], sections: []),
            SnapshotImage(generations: [1, 1], alive: [false, false], free: [0], pending: [0], sections: []),
            SnapshotImage(generations: [1, 1], alive: [false, false], free: [0], pending: [], sections: []),
            SnapshotImage(generations: [1], alive: [true], free: [], pending: [], sections: [
                StagedSection<Place>(name: "Place", capacity: 0).appending(Place(x: 0, y: 0), of: 0).appending(Place(x: 0, y: 0), of: 0),
            ]),
        ]
        for image in images { #expect(throws: ECSError.self) { try image.validate() } }
    }

    @Test func unknownComponentNamesAreNamed() throws {
        var other = SnapshotSchema()
        try other.register(Place.self, name: "Place")
        for encoding in SnapshotEncoding.allCases {
            let world = World()
            let error = try #require(throws: ECSError.self) {
                try other.load(try schema.save(try SnapshotFixtures.busyWorld().world, as: encoding), as: encoding, into: world)
            }
            #expect(error.code == .corruptSnapshot)
            #expect(error.metadata["component"] == "Dose")
            #expect(world.entityCount == 0)
        }
    }

    @Test func componentsThatFailToDecodeAreRefused() {
        // The one Dose value: Int32 amount, then the Bool byte, which only 0 and 1 are.
        let lethal = sectionsStart + 2 + 4 + 1 + 4 + 4 + 4
        let error = expectRefused(patched(UInt8(7), at: lethal))
        #expect(error?.message.contains("Dose") == true)
    }

    @Test func hostileJSONIsRefused() throws {
        let json = String(decoding: try schema.save(try SnapshotFixtures.busyWorld().world, as: .json), as: UTF8.self)
        let variants = [
            "", "null", "[]", "{}", "{\"format\": 1}", "not json",
            json.replacingOccurrences(of: "ecs-world-snapshot", with: "something-else"),
            json.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),
            json.replacingOccurrences(of: "\"generation\":0", with: "\"generation\":\"0\""),
            json.replacingOccurrences(of: "\"alive\":true", with: "\"alive\":1"),
            json.replacingOccurrences(of: "\"generation\":0", with: "\"generation\":-1"),
            json.replacingOccurrences(of: "\"free\":[", with: "\"free\":[1000,"),
            json.replacingOccurrences(of: "\"label\":", with: "\"label\":1,\"x\":"),
            json.replacingOccurrences(of: "\"entity\":0", with: "\"entity\":4000000000"),
            json.replacingOccurrences(of: "\"pending\"", with: "\"pendingx\""),
            json.replacingOccurrences(of: "\"Place\"", with: "\"Unknown\""),
            String(json.dropLast(5)),
        ]
        for variant in variants {
            #expect(variant != json)
            expectRefused(Array(variant.utf8), as: .json)
        }
    }
}

extension StagedSection {
    /// The section with one more value.
    func appending(_ value: C, of entity: UInt32) -> Self {
        var copy = self
        copy.append(value, of: entity)
        return copy
    }
}
