import Testing

@testable import Bench

/// The `added` workload visits exactly the 1% of entities that got `T` each frame (its frames
/// allocate nothing in release builds: `bench gate --scenario ecs.added`).
struct AddedWorkloadTests {
    @Test func eachFrameVisitsExactlyTheAddedWindow() throws {
        let workload = try AddedWorkload(entities: 2_000)
        for _ in 0..<250 { workload.runFrame() }
        #expect(workload.work == WorkCounts(frames: 250, updated: 250 * 20))
        #expect(try workload.stateChecksum().entities == 2_000)
    }

    @Test func tooFewEntitiesAreRejected() {
        #expect(throws: (any Error).self) { try AddedWorkload(entities: 99) }
    }
}
