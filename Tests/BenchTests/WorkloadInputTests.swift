import ECS
import Testing

@testable import Bench
@testable import BenchKit

/// Tests that a workload refuses a setting its frames could not run with when it is built,
/// with a typed error, instead of trapping in the first frame.
struct WorkloadInputTests {
    /// A negative entity count used to reach `0..<count` in the first frame of `simple_insert`.
    @Test(arguments: ["simple_insert", "simple_insert_batch"])
    func simpleInsertRefusesANegativeCount(name: String) {
        #expect(throws: BenchError.invalidArgument("simple_insert entity count must be in 0...50000000, got -1")) {
            try ECSWorkloadCatalog.make(name, entities: -1, threads: 1)
        }
    }

    /// A count beyond the largest `bench` accepts is refused too.
    @Test func simpleInsertRefusesAnOversizedCount() {
        #expect(throws: BenchError.invalidArgument("simple_insert entity count must be in 0...50000000, got 50000001")) {
            try SimpleInsertWorkload(entities: 50_000_001, batched: true)
        }
    }

    /// A thread count below 1 used to reach the query's error inside a frame's `try!`.
    @Test(arguments: [0, -4])
    func heavyComputeRefusesFewerThanOneThread(threads: Int) {
        #expect(throws: BenchError.invalidArgument("heavy_compute needs at least 1 thread, got \(threads)")) {
            try ECSWorkloadCatalog.make("heavy_compute", entities: 64, threads: threads)
        }
    }

    /// `schedule` refuses it through the schedule's own typed error.
    @Test func scheduleRefusesFewerThanOneThread() {
        #expect(throws: ECSError(.invalidArgument, "thread count must be at least 1 (got 0)")) {
            try ECSWorkloadCatalog.make("schedule", entities: 64, threads: 0)
        }
    }

    /// The smallest accepted settings still build and do their frame's work.
    @Test func smallestSettingsRun() throws {
        let empty = try SimpleInsertWorkload(entities: 0, batched: false)
        empty.runFrame()
        #expect(empty.work == WorkCounts(frames: 1))
        let single = try ECSWorkloadCatalog.make("heavy_compute", entities: 64, threads: 1)
        single.runFrame()
        #expect(single.work == WorkCounts(frames: 1, updated: 64))
    }
}
