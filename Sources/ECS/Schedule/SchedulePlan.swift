import Dispatch

/// A schedule's graph with the state of a run: which systems are skipped, which failed, and,
/// while a segment runs on several threads, which are ready.
///
/// The arrays are sized when the plan is built and only reset by a run, so a run allocates
/// nothing. Every field a run changes sits behind one lock (a ``Locked``, which
/// ThreadSanitizer sees); systems run outside it.
final class SchedulePlan: Sendable {
    /// The dependency graph.
    let graph: ScheduleGraph
    /// For each system, how many of its predecessors are in its own segment.
    private let segmentPredecessors: [Int]
    /// For each system, its segment's position in ``ScheduleGraph/segments``.
    private let segmentOf: [Int]
    private let state: Locked<RunState>
    /// Counts ready systems, plus one per worker when a segment has ended.
    private let wake = DispatchSemaphore(value: 0)

    /// What a run changes.
    private struct RunState {
        /// Predecessors not ended yet, per system of the running segment.
        var remaining: [Int]
        /// Systems whose predecessors have ended and that no worker took yet.
        var ready: [Int]
        /// Systems of the running segment not ended yet.
        var unfinished = 0
        /// Systems that do not run: a condition failed, or a system they depend on failed.
        var skipped: [Bool]
        /// Systems that ran.
        var ran: [Bool]
        /// The error of each system that failed.
        var failures: [(any Error)?]
        /// Monotonic nanoseconds each system ran for, when measured.
        var durations: [UInt64]
    }

    /// A plan for `graph`.
    init(graph: ScheduleGraph) {
        self.graph = graph
        let count = graph.successors.count
        var segmentOf = [Int](repeating: 0, count: count)
        for (position, segment) in graph.segments.enumerated() {
            for index in segment.order { segmentOf[index] = position }
        }
        var predecessors = [Int](repeating: 0, count: count)
        for (from, nexts) in graph.successors.enumerated() {
            for next in nexts where segmentOf[next] == segmentOf[from] { predecessors[next] += 1 }
        }
        self.segmentOf = segmentOf
        segmentPredecessors = predecessors
        var ready: [Int] = []
        ready.reserveCapacity(count)
        state = Locked(
            RunState(
                remaining: predecessors, ready: ready, skipped: [Bool](repeating: false, count: count),
                ran: [Bool](repeating: false, count: count), failures: [(any Error)?](repeating: nil, count: count),
                durations: [UInt64](repeating: 0, count: count)))
    }

    /// Resets the run state and evaluates every system's conditions (one ordering per system)
    /// on `world`: a system whose condition is false is skipped, and one whose condition throws
    /// fails with that error (the systems depending on it are skipped).
    func start(_ orderings: [SystemOrdering], world: World) {
        state.withLock { state in
            for index in state.skipped.indices {
                state.skipped[index] = false
                state.ran[index] = false
                state.failures[index] = nil
                state.durations[index] = 0
            }
        }
        for index in orderings.indices where !orderings[index].conditions.isEmpty {
            do {
                for check in orderings[index].conditions {
                    guard try check(world) else {
                        state.withLock { $0.skipped[index] = true }
                        break
                    }
                }
            } catch {
                state.withLock { $0.skipped[index] = true }
                finish(index, failure: error, ran: false)
            }
        }
    }

    /// Whether system `index` does not run this time.
    func isSkipped(_ index: Int) -> Bool {
        state.withLock { $0.skipped[index] }
    }

    /// Records that system `index` ended, after `nanoseconds` when measured, with its error if
    /// it failed: the systems that depend on a failed system are skipped.
    func finish(_ index: Int, failure: (any Error)?, ran: Bool = true, nanoseconds: UInt64 = 0) {
        state.withLock { state in
            state.ran[index] = ran
            state.durations[index] = nanoseconds
            guard let failure else { return }
            state.failures[index] = failure
            for other in state.skipped.indices where graph.descendants[index].contains(other) {
                state.skipped[other] = true
            }
        }
    }

    /// The error of the earliest-added system of `segment` that failed, nil when none did.
    func firstFailure(in segment: ScheduleGraph.Segment) -> (any Error)? {
        state.withLock { state in
            for index in segment.members {
                if let failure = state.failures[index] { return failure }
            }
            return nil
        }
    }

    /// The measured duration of each system in the last run, in the order added (0 for a
    /// system that did not run).
    var durations: [UInt64] { state.withLock { $0.durations } }

    /// How many systems of `segment` ran.
    func ranCount(in segment: ScheduleGraph.Segment) -> Int {
        state.withLock { state in
            var count = 0
            for index in segment.members where state.ran[index] { count += 1 }
            return count
        }
    }

    /// Runs the systems `indices` (one parallel segment, in topological order) with `body`,
    /// each as soon as its predecessors in the segment have ended, on up to `threads` threads.
    /// Skipped systems count as ended at once. `body` must call ``finish(_:failure:ran:)``.
    func runSegment(_ indices: [Int], threads: Int, _ body: @Sendable (Int) -> Void) {
        let workers = Swift.min(threads, indices.count)
        guard workers > 1 else {
            for index in indices where !isSkipped(index) { body(index) }
            return
        }
        let initial = state.withLock { state in
            state.ready.removeAll(keepingCapacity: true)
            for index in indices {
                state.remaining[index] = segmentPredecessors[index]
                if state.remaining[index] == 0 { state.ready.append(index) }
            }
            state.unfinished = indices.count
            return state.ready.count
        }
        for _ in 0..<initial { wake.signal() }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                wake.wait()
                guard let index = state.withLock({ state in state.ready.popLast() }) else { return }
                if !isSkipped(index) { body(index) }
                let (released, ended) = state.withLock { state in
                    var released = 0
                    for next in graph.successors[index] where segmentOf[next] == segmentOf[index] {
                        state.remaining[next] -= 1
                        if state.remaining[next] == 0 {
                            state.ready.append(next)
                            released += 1
                        }
                    }
                    state.unfinished -= 1
                    return (released, state.unfinished == 0)
                }
                for _ in 0..<(ended ? workers : released) { wake.signal() }
            }
        }
    }
}
