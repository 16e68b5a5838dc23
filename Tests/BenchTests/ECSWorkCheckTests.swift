import Testing
import Foundation

@testable import Bench
@testable import BenchKit

/// Tests of the work counters and state checksums of `bench ecs`.
struct ECSWorkCheckTests {
    /// Builds `name` over `entities` and runs `frames` frames.
    private func run(_ name: String, entities: Int, threads: Int = 1, frames: Int) throws -> any VerifiableWorkload {
        let workload = try ECSWorkloadCatalog.make(name, entities: entities, threads: threads)
        for _ in 0..<frames { workload.runFrame() }
        return workload
    }

    /// The checksum is FNV-1a 64 per entity, summed: one entity of the byte "a" hashes to the
    /// published FNV-1a 64 of "a", and the sum does not depend on the order of entities.
    @Test func checksumIsTheSumOfFNV1aHashes() {
        var one = StateChecksum()
        one.add(UInt8(ascii: "a"))
        #expect(one.value == 0xaf63_dc4c_8601_ec8c)
        #expect(one.hex == "0xaf63dc4c8601ec8c")
        var forward = StateChecksum(), backward = StateChecksum()
        forward.add(Vector3(x: 1, y: 2, z: 3), Float(4))
        forward.add(Vector3(x: 5, y: 6, z: 7), Float(8))
        backward.add(Vector3(x: 5, y: 6, z: 7), Float(8))
        backward.add(Vector3(x: 1, y: 2, z: 3), Float(4))
        #expect(forward == backward)
        var changed = StateChecksum()
        changed.add(Vector3(x: 1, y: 2, z: 3), Float(4))
        changed.add(Vector3(x: 5, y: 6, z: 7.000001), Float(8))
        #expect(changed.value != forward.value)
    }

    /// Two runs of every workload over the same frames end in the same checksum.
    @Test(arguments: ECSWorkloadCatalog.names)
    func checksumIsDeterministicAcrossRuns(name: String) throws {
        let first = try run(name, entities: 1000, frames: 4).stateChecksum()
        let second = try run(name, entities: 1000, frames: 4).stateChecksum()
        #expect(first == second)
        #expect(first.entities > 0)
    }

    /// The parallel workloads end in the same checksum on any thread count.
    @Test(arguments: ["heavy_compute", "schedule"])
    func checksumDoesNotDependOnThreads(name: String) throws {
        let one = try run(name, entities: 600, threads: 1, frames: 3).stateChecksum()
        for threads in [2, 5] {
            #expect(try run(name, entities: 600, threads: threads, frames: 3).stateChecksum() == one)
        }
    }

    /// particle_update on several threads (three update chunks, two respawn blocks per frame)
    /// ends in the one-thread state with the same work, and matches the plain C port.
    @Test func particleUpdateDoesNotDependOnThreads() throws {
        let one = try run("particle_update", entities: 110_000, threads: 1, frames: 4)
        #expect(one.work.spawned == 4 * 1_100)
        for threads in [2, 3] {
            let parallel = try run("particle_update", entities: 110_000, threads: threads, frames: 4)
            #expect(try parallel.stateChecksum() == one.stateChecksum(), "\(threads) threads")
            #expect(parallel.work == one.work)
        }
        #expect(try run("particle_update", entities: 1000, threads: 2, frames: 150).stateChecksum().value == 0xb8d5_50f4_b51d_d577)
    }

    /// The checksum follows the state: one more frame of a workload that changes values
    /// changes it.
    @Test(arguments: ["simple_iter", "frag_iter", "schedule", "particle_update"])
    func checksumChangesWithTheState(name: String) throws {
        let before = try run(name, entities: 1000, frames: 2).stateChecksum()
        let after = try run(name, entities: 1000, frames: 3).stateChecksum()
        #expect(before.value != after.value)
        #expect(before.entities == after.entities)
    }

    /// The checksums equal those of a plain C port of the workloads (the peers'
    /// `bench_common.h`: arrays, swap-free in-place respawn, so a different storage order)
    /// hashing the same components the same way: the definition is portable.
    @Test func checksumsMatchThePlainCPort() throws {
        #expect(try run("particle_update", entities: 1000, frames: 150).stateChecksum().value == 0xb8d5_50f4_b51d_d577)
        #expect(try run("particle_update", entities: 1000, frames: 306).stateChecksum().value == 0x3a04_5baa_6365_19a2)
        #expect(try run("simple_iter", entities: 1000, frames: 50).stateChecksum().value == 0x24d6_ded4_4c87_8ca0)
        #expect(try run("heavy_compute", entities: 1000, threads: 2, frames: 1).stateChecksum().value == 0xd2ad_cf7a_b6f0_55c0)
    }

    /// The sparse-set variant of add_remove does the same work and ends in the same state as
    /// the table one, so its row compares with the peers' add_remove.
    @Test func sparseAddRemoveMatchesTheTableVariant() throws {
        let table = try run("add_remove", entities: 1000, frames: 3)
        let sparse = try run("add_remove_sparse", entities: 1000, frames: 3)
        #expect(try sparse.stateChecksum() == table.stateChecksum())
        #expect(sparse.work == table.work)
        #expect(sparse.name == "ecs.add_remove_sparse")
    }

    /// particle_update at 100k: each frame updates every particle and replaces exactly 1%.
    @Test func particleUpdateCountersFollowTheDefinition() throws {
        let frames = 7
        let work = try run("particle_update", entities: 100_000, frames: frames).work
        #expect(work == WorkCounts(frames: frames, updated: 100_000 * frames, spawned: 1_000 * frames, destroyed: 1_000 * frames))
    }

    /// The other workloads' counters: N per frame, 1.5 N for schedule's three systems, N
    /// spawned per frame by the inserts.
    @Test func counterArithmetic() throws {
        #expect(try run("simple_iter", entities: 1000, frames: 3).work == WorkCounts(frames: 3, updated: 3000))
        #expect(try run("frag_iter", entities: 520, frames: 2).work == WorkCounts(frames: 2, updated: 1040))
        #expect(try run("heavy_compute", entities: 100, threads: 2, frames: 2).work == WorkCounts(frames: 2, updated: 200))
        #expect(try run("schedule", entities: 4000, threads: 2, frames: 2).work == WorkCounts(frames: 2, updated: 12_000))
        #expect(try run("add_remove", entities: 1000, frames: 3).work == WorkCounts(frames: 3, updated: 3000))
        #expect(try run("add_remove_sparse", entities: 1000, frames: 3).work == WorkCounts(frames: 3, updated: 3000))
        let insert = try run("simple_insert_batch", entities: 1000, frames: 3)
        #expect(insert.work == WorkCounts(frames: 3, spawned: 3000))
        #expect(try insert.stateChecksum().entities == 1000)
    }

    /// A row's JSON carries the frames, the work and the checksum beside the timings.
    @Test func rowJSONCarriesWorkAndChecksum() throws {
        let workload = try ECSWorkloadCatalog.make("particle_update", entities: 1000, threads: 1)
        let row = try ECSWorkloadRow(workload, entities: 1000, threads: 1) { workload in
            for _ in 0..<5 { workload.runFrame() }
            return [2, 1, 3]
        }
        let object = row.jsonObject
        #expect(object["frames"] as? Int == 5)
        #expect(object["work"] as? [String: Int] == ["updated": 5000, "spawned": 50, "destroyed": 50])
        #expect(object["checksum"] as? String == (try workload.stateChecksum().hex))
        #expect((object["ns_per_entity"] as? [String: Double])?["p50"] == 2)
        #expect(row.cells.count == ECSWorkloadRow.headers.count)
        // 1000 entities at 2 ns each: a 2 µs frame.
        #expect(object["bytes_per_frame"] as? Int == workload.bytesPerFrame)
        #expect(object["mb_per_s"] as? Double == Double(workload.bytesPerFrame) / 2000 * 1000)
    }

    /// A serialize row's MB/s is its snapshot, written then read, over the median round trip;
    /// the table shows it rounded beside the times.
    @Test func serializeRowReportsSnapshotThroughput() throws {
        let workload = try ECSWorkloadCatalog.make("serialize_binary", entities: 100, threads: 1)
        let row = try ECSWorkloadRow(workload, entities: 100, threads: 1) { workload in
            workload.runFrame()
            return [50, 40, 60]
        }
        // A binary snapshot of 100 entities holds at least their four components' floats.
        #expect(row.bytesPerFrame >= 2 * 100 * 4 * 3 * MemoryLayout<Float>.size)
        #expect(row.megabytesPerSecond == Double(row.bytesPerFrame) / 5000 * 1000)
        let column = try #require(ECSWorkloadRow.headers.firstIndex(of: "MB/s"))
        #expect(row.cells[column] == String(format: "%.0f", row.megabytesPerSecond))
    }
}
