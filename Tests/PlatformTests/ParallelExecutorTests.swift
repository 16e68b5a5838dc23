import Platform
import Testing

@Suite struct ParallelExecutorTests {
    /// Every job runs exactly once, whatever the thread count (none, fewer than the jobs, more
    /// than the jobs), and no number outside `0..<jobs` is passed to the body.
    @Test(arguments: [(0, 4), (1, 1), (7, 1), (7, 2), (7, 16), (1_000, 3), (5, 0), (5, -3)])
    func everyJobRunsOnce(jobs: Int, threads: Int) {
        let runs = Locked((counts: [Int](repeating: 0, count: jobs), outside: 0))
        ParallelExecutor.run(jobs: jobs, threads: threads) { job in
            runs.withLock {
                if (0..<jobs).contains(job) { $0.counts[job] += 1 } else { $0.outside += 1 }
            }
        }
        let (counts, outside) = runs.withLock { ($0.counts, $0.outside) }
        #expect(outside == 0)
        #expect(counts == [Int](repeating: 1, count: jobs))
    }
}
