import Testing
import ECS

@Suite struct DiagnosticsConcurrencyTests {
    @Test func countersAddUpWhenCountedFromManyThreads() {
        let diagnostics = WorldDiagnostics()
        ParallelExecutor.run(jobs: 64, threads: 8) { job in
            var cache = VersionedCache<Int>(diagnostics: diagnostics)
            for round in 0..<1_000 { _ = cache.value(for: UInt64(round / 4)) { job } }
        }
        #expect(diagnostics[.cacheMisses] == 64 * 250)
        #expect(diagnostics[.cacheHits] == 64 * 750)
    }
}
