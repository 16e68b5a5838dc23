import BenchKit

/// An ECS workload whose work and final state another implementation (EnTT, flecs, plain C)
/// can reproduce and compare: after the same frames from the same start, both must report
/// the same `work` and the same `stateChecksum()`.
protocol VerifiableWorkload: Workload {
    /// The work of every frame run so far.
    var work: WorkCounts { get }
    /// The `StateChecksum` of the current state over the components the workload's doc
    /// comment lists.
    func stateChecksum() throws -> StateChecksum
}
