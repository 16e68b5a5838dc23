import Dispatch
import Platform
import Host
import Testing

/// Isolated worlds: each runs its actions and frames on its own queue, a slow action slows
/// only its world, an action past the budget is answered `action_timeout` while the world goes
/// on (one that had not begun never runs); and every world bounds the events waiting for delivery.
@Suite(.timeLimit(.minutes(5))) struct IsolationTests {
    /// Holds the actions that pass through it until the test opens it (30 s at most, so a
    /// failing test never hangs).
    final class Gate: Sendable {
        private let entries = DispatchSemaphore(value: 0)
        private let openings = DispatchSemaphore(value: 0)
        private let holders = Locked(0)

        /// Called by an action: says it entered, then waits for ``open()``.
        func pass() {
            holders.withLock { $0 += 1 }
            entries.signal()
            _ = openings.wait(timeout: .now() + .seconds(30))
        }

        /// Waits until `count` more actions entered.
        func awaitEntries(_ count: Int) async {
            for _ in 0..<count {
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        _ = self.entries.wait(timeout: .now() + .seconds(30))
                        continuation.resume()
                    }
                }
            }
        }

        /// Lets every action that entered, or enters, through.
        func open() {
            for _ in 0..<max(holders.withLock { $0 }, 1) * 4 { openings.signal() }
        }
    }

    /// A host of the test counter with a `hold` action that waits on `gate` and a `burst(count,
    /// text)` action emitting `count` `message` events.
    static func host(
        _ gate: Gate, clock: VirtualClock, execution: WorldExecution, eventLimits: WorldEventLimits = .standard
    ) throws -> WorldHost {
        let host = WorldHost(clock: clock, execution: execution, eventLimits: eventLimits)
        try host.register(counterDefinition()
            .action("hold") { (model: CounterModel) in
                gate.pass()
                return model.count
            }
            .action("burst") { (model: CounterModel, count: Int, text: String) in
                for _ in 0..<count { model.events.emit("message", arguments: [.string(text)]) }
                return count
            })
        return host
    }

    @Test func aWorldHeldByASlowActionSlowsNoOtherWorld() async throws {
        let gate = Gate()
        let host = try Self.host(gate, clock: VirtualClock(), execution: .isolated(actionBudget: .seconds(600)))
        defer { host.shutDown() }
        let client = HostClient(host: host)
        let held = try client.actor("counter", key: "held")
        let free = try client.actor("counter", key: "free")
        held.mount()
        free.mount()
        let holding = Task { () async throws(ActorError) -> Int in try await held.action("hold") }
        await gate.awaitEntries(1)
        // The held world's queue is blocked; the other world answers all the same.
        let added: Int = try await free.action("add", 5)
        #expect(added == 5)
        gate.open()
        #expect(try await holding.value == 0)
    }

    @Test func anActionPastItsBudgetIsAnsweredActionTimeoutAndTheWorldGoesOn() async throws {
        let gate = Gate()
        let clock = VirtualClock()
        let host = try Self.host(gate, clock: clock, execution: .isolated(actionBudget: .milliseconds(100)))
        defer { host.shutDown() }
        let handle = try HostClient(host: host).actor("counter", key: "main")
        handle.mount()
        let holding = Task { () async throws(ActorError) -> Int in try await handle.action("hold") }
        await gate.awaitEntries(1)
        // Two more actions queue behind the held one; their wait counts in their budget.
        let queued = (0..<2).map { _ in Task { () async throws(ActorError) -> Int in try await handle.action("add", 1) } }
        let diagnostics = try #require(host.diagnostics(for: handle.hash))
        // The queued tasks reach the world at a moment of their own: time moves in budget
        // steps until all three are answered (each step lets any action queued before it
        // time out at the next).
        try clock.advance(by: .milliseconds(99))
        #expect(diagnostics[.actionTimeouts] == 0, "no action is late before its budget")
        try clock.advance(by: .milliseconds(1))
        #expect(try await Self.eventually { diagnostics[.actionTimeouts] >= 1 })
        for _ in 0..<3_000 where diagnostics[.actionTimeouts] < 3 {
            try clock.advance(by: .milliseconds(100))
            try await Task.sleep(for: .milliseconds(10))
        }
        let timeout = await actorError { _ = try await holding.value }
        #expect(timeout?.group == "world" && timeout?.code == "action_timeout")
        #expect(timeout?.metadata?.objectField("action") == "hold")
        #expect(timeout?.message.contains("its result is dropped") == true, "\(String(describing: timeout))")
        for task in queued {
            let error = await actorError { _ = try await task.value }
            #expect(error?.code == "action_timeout" && error?.message.contains("will not run") == true, "\(String(describing: error))")
        }
        #expect(diagnostics[.actionTimeouts] == 3)
        #expect(diagnostics.lastError?.code == "action_timeout")
        // The held action runs to its end once the world is free; the queued ones, answered
        // before their turn, never run; the world answers new actions on time.
        gate.open()
        let total: Int = try await handle.action("add", 10)
        #expect(total == 10)
        #expect(diagnostics[.actions] == 2 && diagnostics[.actionTimeouts] == 3)
    }

    @Test func aQuickActionIsAnsweredAndNeverTimesOutLater() async throws {
        let clock = VirtualClock()
        let host = try Self.host(Gate(), clock: clock, execution: .isolated(actionBudget: .milliseconds(50)))
        defer { host.shutDown() }
        let handle = try HostClient(host: host).actor("counter", key: "main")
        handle.mount()
        for amount in 1...20 {
            let total: Int = try await handle.action("add", 1)
            #expect(total == amount)
        }
        try clock.advance(by: .seconds(1))
        let diagnostics = try #require(host.diagnostics(for: handle.hash))
        #expect(diagnostics[.actionTimeouts] == 0 && diagnostics[.actions] == 20)
    }

    @Test(arguments: [WorldExecution.inline, try! WorldExecution.isolated()])
    func eventsPastTheWorldsLimitsAreDroppedCountedAndTheNextBurstStartsEmpty(execution: WorldExecution) async throws {
        let clock = VirtualClock()
        let limits = try WorldEventLimits(maxEvents: 3, maxBytes: 10_000)
        let host = try Self.host(Gate(), clock: clock, execution: execution, eventLimits: limits)
        defer { host.shutDown() }
        let handle = try HostClient(host: host).actor("counter", key: "main")
        handle.mount()
        let received = Recorder<Int>()
        handle.onEvent("message") { (text: String) in received.append(text.utf8.count) }
        let emitted: Int = try await handle.action("burst", 5, "x")
        #expect(emitted == 5)
        let large = String(repeating: "y", count: 6_000)
        let _: Int = try await handle.action("burst", 2, large)
        let _: Int = try await handle.action("burst", 3, "z")
        #expect(try await Self.eventually { received.all.count == 7 })
        #expect(received.all == [1, 1, 1, 6_000, 1, 1, 1])
        let diagnostics = try #require(host.diagnostics(for: handle.hash))
        #expect(diagnostics[.eventsOverflowed] == 3)
    }

    /// Whether `condition` holds within 30 s, polled every 2 ms.
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    @Test func budgetsAndLimitsOutsideTheirRangesAreConfigErrors() async throws {
        for budget in [Duration.zero, .microseconds(999), .seconds(3601)] {
            let error = await actorError { _ = try WorldExecution.isolated(actionBudget: budget) }
            #expect(error?.code == "config_error" && error?.message.contains("action budget") == true)
        }
        for (events, bytes) in [(0, 1), (1, 0), (-1, 100)] {
            let error = await actorError { _ = try WorldEventLimits(maxEvents: events, maxBytes: bytes) }
            #expect(error?.code == "config_error")
        }
        #expect(WorldExecution.inline.actionBudget == nil)
        #expect(try WorldExecution.isolated().actionBudget == WorldExecution.defaultActionBudget)
    }
}
