#if RemoteHost
import BenchKit
import HostScenarios
import Dispatch
import Platform
import Host
import HostRemote

/// The host across processes' boundary: a `RemoteHostServer` on a loopback port and 16
/// clients, each with its own WebSocket and its own counter world, running `add(1)` round
/// trips concurrently. One frame is `actionsPerClient` round trips per client.
///
/// Judged on what a remote host promises, not on a frame budget (network timing is not
/// gateable, so it runs on demand only): the mean time per round trip across the 16 clients
/// (20,000 round trips per second or more), the p99 round trip (under 2 ms), and every action
/// answered exactly once, in order (each answer is its world's previous total plus one).
///
/// The worlds are isolated, as `ecs-host` runs them: each action crosses from the socket's
/// event loop to its world's queue and back. On two cores those two handoffs took the p99
/// from about 0.5 ms (actions on the event loop) to about 1.1 ms, hence the 2 ms target.
///
/// `bench` runs its scenarios' tasks on NIO's event loops (``EventLoopExecutor``) as a
/// networked host process would; a test that builds the workload runs it on the cooperative
/// pool, where it answers the same but with about four thread switches per round trip.
final class RemoteHostWorkload: SelfJudgingWorkload, CountingWorkload {
    /// Concurrent clients.
    static let clients = 16
    /// The throughput target: round trips per second across the clients.
    static let targetRoundTripsPerSecond = 20_000.0
    /// The p99 round-trip target in milliseconds.
    static let targetP99Ms = 2.0

    let name: String
    private let actionsPerClient: Int
    private let host: WorldHost
    private let server: RemoteHostServer
    private let handles: [ActorObservable]
    private var totals: [Int]
    private var answeredInOrder = 0
    private var mismatches = 0
    private let log = ActionLatencyLog()

    /// Starts the server and connects the clients (within 10 s).
    /// - Throws: `BenchError` when the server cannot listen or a client does not connect.
    init(name: String, actionsPerClient: Int) throws {
        self.name = name
        self.actionsPerClient = actionsPerClient
        host = WorldHost(execution: try .isolated())
        try host.register(HostBenchCounter.definition())
        server = RemoteHostServer(host: host, configuration: try RemoteServerConfiguration(port: 0))
        let port = try Self.blocking { [server] in try await server.start() }
        let config = try ClientConfig(endpoint: HostEndpoint(port: port))
        handles = try (0..<Self.clients).map { index in
            let handle = try HostClient(config: config).actor("bench.counter", key: "remote-\(index)")
            handle.mount()
            return handle
        }
        totals = Array(repeating: 0, count: Self.clients)
        let deadline = ContinuousClock.now + .seconds(10)
        while !handles.allSatisfy(\.isConnected), ContinuousClock.now < deadline {
            try? Self.blocking { try await Task.sleep(for: .milliseconds(5)) }
        }
        guard handles.allSatisfy(\.isConnected) else {
            server.stop()
            throw BenchError.invalidArgument("\(name): the clients did not connect to the loopback host within 10 s")
        }
    }

    deinit {
        for handle in handles { handle.unmount() }
        server.stop()
        host.shutDown()
    }

    /// Clients and round trips per client per frame.
    var params: [String: Int] { ["clients": Self.clients, "actions_per_client": actionsPerClient] }
    /// The round trips of a frame.
    var entitiesPerFrame: Int { Self.clients * actionsPerClient }
    /// No component traffic.
    var bytesPerFrame: Int { 0 }
    /// The clients and the host run on NIO's event-loop threads (on the cooperative pool and
    /// NIO's threads when the process kept Swift's own executor).
    var isParallel: Bool { true }
    /// Answers checked so far: in order, and mismatched (lost, repeated, reordered or thrown).
    var counters: [String: Int] { ["actions_answered_in_order": answeredInOrder, "actions_mismatched": mismatches] }

    /// Runs every client's round trips at once and checks each answer.
    func runFrame() {
        let handles = handles, start = totals, count = actionsPerClient
        let begin = ContinuousClock.now
        // The loop cannot throw; `blocking` only rethrows.
        let trips: [RemoteRoundTrips] = (try? Self.blocking {
            await withTaskGroup(of: (Int, RemoteRoundTrips).self) { group in
                for (index, handle) in handles.enumerated() {
                    group.addTask { (index, await RemoteRoundTrips.run(handle, count: count, from: start[index])) }
                }
                var results = [RemoteRoundTrips?](repeating: nil, count: handles.count)
                for await (index, trips) in group { results[index] = trips }
                return results.compactMap { $0 }
            }
        }) ?? []
        let wallNs = RemoteRoundTrips.nanoseconds(ContinuousClock.now - begin)
        for (index, trip) in trips.enumerated() {
            totals[index] = trip.lastTotal
            answeredInOrder += trip.answeredInOrder
            mismatches += trip.mismatches
        }
        log.append(trips.flatMap(\.latenciesNs), loopNs: wallNs)
    }

    /// The throughput, p99 and exactly-once verdict.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        let issued = max(1, answeredInOrder + mismatches)
        var figures = [
            JudgedFigure(
                statistic: "answered exactly once", clock: nil, value: Double(answeredInOrder) / Double(issued), limit: 1,
                unit: .ratio, rule: .atLeast
            ),
        ]
        var metrics: [String: Double] = [
            "actions_answered_in_order": Double(answeredInOrder), "actions_mismatched": Double(mismatches),
        ]
        if let summary = log.summary(actionsPerFrame: entitiesPerFrame) {
            figures.append(JudgedFigure(
                statistic: "time per round trip (16 clients)", clock: nil, value: 1000 / summary.perSecond,
                limit: 1000 / Self.targetRoundTripsPerSecond, unit: .milliseconds, rule: .atMost
            ))
            figures.append(JudgedFigure(
                statistic: "p99 round trip", clock: nil, value: summary.p99Us / 1000, limit: Self.targetP99Ms,
                unit: .milliseconds, rule: .atMost
            ))
            metrics["action_round_trips_per_s"] = summary.perSecond
            metrics["action_p50_us"] = summary.p50Us
            metrics["action_p99_us"] = summary.p99Us
        }
        let reason = "\(answeredInOrder) of \(issued) actions answered exactly once over loopback WebSocket"
        return Judgement(judged: figures, reason: reason, metrics: metrics)
    }

    /// Runs `operation` on a task and waits for it on this thread (the sampler's frames are
    /// synchronous).
    private static func blocking<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Locked<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let value = try await operation()
                result.withLock { $0 = .success(value) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        // The task stores a result before it signals.
        guard let outcome = result.withLock({ $0 }) else { throw BenchError.invalidArgument("a host task ended without a result") }
        return try outcome.get()
    }
}
#endif
