import BenchKit
import ECS
import Foundation
import Host

/// The in-process host: one frame is one world frame whose event reaches 100 subscribed
/// connections, then 1,000 action round trips through the async client API, awaited on a
/// task. Judged against the frame budget like the other parallel scenarios (wall time, median
/// of batch minima); the round trips per second and their p50/p99 are reported beside it.
/// Its counters (answered actions, delivered events, frames whose actions ran without leaving
/// the calling thread) are exact, so the gate catches an answer lost or a thread hop added.
package final class HostWorkload: SelfJudgingWorkload, CountingWorkload {
    /// Action round trips per frame.
    package static let actionsPerFrame = 1_000
    /// Connections subscribed to the world's frame event.
    package static let subscribers = 100

    private let clock = VirtualClock()
    private let host: WorldHost
    private let caller: ActorObservable
    /// Kept so that the subscribed connections stay mounted.
    private let listeners: [ActorObservable]
    private let delivered = AtomicCounter()
    private let answered = AtomicCounter()
    private var inlineFrames = 0
    private let log = ActionLatencyLog()
    private let period = Duration.nanoseconds(1_000_000_000 / 60)

    /// A host with the counter world, a caller and the subscribers, all connected.
    package init() throws {
        host = WorldHost(clock: clock)
        try host.register(HostBenchCounter.definition())
        caller = try HostClient(host: host).actor("bench.counter", key: "bench")
        caller.mount()
        var listeners: [ActorObservable] = []
        for _ in 0..<Self.subscribers {
            // One client each: handles of one client with the same identity share a connection.
            let listener = try HostClient(host: host).actor("bench.counter", key: "bench")
            listener.onEvent("tick") { [delivered] (_: Int) in delivered.value.add(1, ordering: .relaxed) }
            listener.mount()
            listeners.append(listener)
        }
        self.listeners = listeners
        guard caller.isConnected, listeners.allSatisfy(\.isConnected) else {
            throw BenchError.invalidArgument("host scenario: the in-process host did not connect")
        }
    }

    /// `host`.
    package var name: String { "host" }
    /// Actions and subscribers per frame.
    package var params: [String: Int] { ["actions": Self.actionsPerFrame, "subscribers": Self.subscribers] }
    /// The actions of a frame.
    package var entitiesPerFrame: Int { Self.actionsPerFrame }
    /// No component traffic to compare with memory bandwidth.
    package var bytesPerFrame: Int { 0 }
    /// Judged on wall time: should an action suspend, the rest of its task runs on another
    /// thread, which the measuring thread's CPU clock would not see.
    package var isParallel: Bool { true }
    /// Answered actions, delivered events and frames that stayed on the calling thread.
    package var counters: [String: Int] {
        [
            "actions_answered": answered.value.load(ordering: .relaxed),
            "events_delivered": delivered.value.load(ordering: .relaxed),
            "inline_frames": inlineFrames,
        ]
    }

    /// Advances the world one frame (fan-out), then runs the round trips.
    package func runFrame() {
        // Cannot throw: the period is positive.
        try! clock.advance(by: period)
        let finished = AtomicCounter()
        let done = DispatchSemaphore(value: 0)
        // The in-process actions never suspend and run on the caller's executor, so the task
        // runs to its end on this thread before `immediate` returns: no thread hop, and the
        // instruction count of a frame is deterministic. The semaphore covers a suspension.
        let caller = caller, log = log, answered = answered
        Task.immediate { @Sendable in
            await Self.roundTrips(caller, log: log, answered: answered)
            finished.value.store(1, ordering: .releasing)
            done.signal()
        }
        if finished.value.load(ordering: .acquiring) == 1 { inlineFrames += 1 }
        done.wait()
    }

    /// The frame-budget verdict with the round-trip figures beside it.
    package func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        var judgement = BudgetJudge.judge(samples, parallel: true, budgetMs: settings.budgetMs)
        if let summary = log.summary(actionsPerFrame: Self.actionsPerFrame) {
            judgement.metrics["action_round_trips_per_s"] = summary.perSecond
            judgement.metrics["action_p50_us"] = summary.p50Us
            judgement.metrics["action_p99_us"] = summary.p99Us
        }
        let frames = max(1, host.diagnostics(for: caller.hash)?[.frames] ?? 1)
        judgement.metrics["events_delivered_per_frame"] = Double(delivered.value.load(ordering: .relaxed)) / Double(frames)
        return judgement
    }

    /// Runs one frame's action round trips on `caller`, timing each.
    nonisolated(nonsending) private static func roundTrips(_ caller: ActorObservable, log: ActionLatencyLog, answered: AtomicCounter) async {
        var latencies: [Double] = []
        latencies.reserveCapacity(actionsPerFrame)
        let loopStart = ContinuousClock.now
        for _ in 0..<actionsPerFrame {
            let start = ContinuousClock.now
            do {
                let _: Int = try await caller.action("add", 1)
                answered.value.add(1, ordering: .relaxed)
            } catch {}  // an unanswered action shows in the `actions_answered` counter
            latencies.append(nanoseconds(ContinuousClock.now - start))
        }
        log.append(latencies, loopNs: nanoseconds(ContinuousClock.now - loopStart))
    }

    /// `duration` in nanoseconds.
    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
