/// One measured workload: built once, then run frame after frame by the sampler.
///
/// A frame is the unit that is timed and judged against the frame budget; for the ECS
/// workloads it is one pass of the benchmark body over all entities.
public protocol Workload: AnyObject {
    /// Stable name used in reports and thresholds, for example `ecs.simple_iter` or `confetti`.
    var name: String { get }
    /// Parameters reported with the results, for example `["entities": 100_000, "threads": 1]`.
    var params: [String: Int] { get }
    /// Entities processed by one frame; divides frame time into ns per entity.
    var entitiesPerFrame: Int { get }
    /// Bytes one frame must move through memory at least; used for the bandwidth-limit ratio.
    var bytesPerFrame: Int { get }
    /// Whether a frame spreads work over several threads (then the measuring thread's CPU time
    /// is not the whole cost, and process CPU time and wall time are reported instead).
    var isParallel: Bool { get }
    /// Runs one frame.
    func runFrame()
}

extension Workload {
    /// Threads one frame runs on: a parallel workload's `threads` parameter, else 1. The limit
    /// ratio compares the frame with the bandwidth as many threads reach.
    var frameThreads: Int { isParallel ? max(1, params["threads"] ?? 1) : 1 }
}

extension Workload {
    /// No parameters.
    public var params: [String: Int] { [:] }
    /// No entities: no ns per entity is reported.
    public var entitiesPerFrame: Int { 0 }
    /// No bytes: no limit ratio is reported.
    public var bytesPerFrame: Int { 0 }
    /// One thread.
    public var isParallel: Bool { false }
}
