import Dispatch
import ECS
import Platform

/// One running hosted world: its model behind a lock, ticked on its own fixed timestep at the
/// definition's target frame rate, answering actions between frames (an action and a step
/// never run at the same time), and publishing the events its bus emits to the connections
/// subscribed to them, after the frame or action that emitted them, in emission order.
///
/// Inline (``WorldExecution/inline``), an action runs on the caller's thread and a frame on
/// the clock's timer. Isolated, both run in order on the world's own serial queue, as do the
/// background changes and the shutdown's last steps, so nothing the host calls from a
/// socket's thread waits for a slow action; a watchdog answers actions past the budget.
final class WorldRuntime<Model: HostedModel>: WorldRunning {
    /// The model and its playback bookkeeping.
    private struct Core {
        let model: Model
        var timestep: FixedTimestep
        /// When the last frame that ran was due.
        var lastTick: Duration
        var inBackground = false
        var wasPlayingBeforeBackground = false
        var isShutDown = false
    }

    /// A connection's delivery closure and subscribed event names.
    private struct Link {
        let receive: @Sendable (ServerMessage) -> Void
        var events: Set<String>
    }

    /// The frame timer and whether the world stopped for good.
    private struct Frames {
        var timer: HostTimer?
        var isShutDown = false
    }

    /// The world's counters, readable from any thread.
    let diagnostics: HostDiagnostics
    private let definition: WorldDefinition<Model>
    private let hash: String
    private let clock: any HostClock
    private let onError: @Sendable (ActorError) -> Void
    private let period: Duration
    private let core: Locked<Core>
    /// The timer of the next frame, apart from the core: the clock's thread, and the host's
    /// background changes, start and stop frames without waiting for a world that is busy
    /// with a long action.
    private let frames = Locked(Frames())
    private let links = Locked<[UInt64: Link]>([:])
    private let outbox: EventOutbox
    /// The isolated world's queue and action watchdog; nil inline.
    private let isolation: (queue: DispatchQueue, watchdog: ActionWatchdog)?

    /// Makes the model from `input` and routes the definition's events into the outbox.
    /// - Throws: `world` `create_failed` when the definition's `make` throws.
    init(
        definition: WorldDefinition<Model>, hash: String, input: JSONValue?, environment: WorldEnvironment,
        onError: @escaping @Sendable (ActorError) -> Void
    ) throws(ActorError) {
        let model: Model
        do {
            model = try definition.make(input)
        } catch {
            throw .createFailed(world: definition.name, error)
        }
        let diagnostics = HostDiagnostics()
        let outbox = EventOutbox(limits: environment.eventLimits, diagnostics: diagnostics)
        for name in definition.events {
            model.events.subscribeRaw(name) { outbox.append(EventMessage(name: name, args: $0)) }
        }
        self.diagnostics = diagnostics
        self.outbox = outbox
        self.definition = definition
        self.hash = hash
        clock = environment.clock
        self.onError = onError
        isolation = environment.execution.actionBudget.map { budget in
            (DispatchQueue(label: "ecs-bench.world.\(definition.name)"),
             ActionWatchdog(clock: environment.clock, budget: budget, diagnostics: diagnostics))
        }
        period = .nanoseconds(1_000_000_000 / definition.targetFrameRate)
        core = Locked(Core(model: model, timestep: definition.timestep, lastTick: environment.clock.now))
    }

    /// Schedules the first frame.
    func startTicking() {
        startFrames()
    }

    /// Adds connection `id` (see ``WorldRunning``).
    func connect(_ id: UInt64, subscriptions: [String], receive: @escaping @Sendable (ServerMessage) -> Void) {
        links.withLock { $0[id] = Link(receive: receive, events: Set(subscriptions)) }
    }

    /// Removes connection `id` and returns how many remain.
    func disconnect(_ id: UInt64) -> Int {
        links.withLock { links in
            links[id] = nil
            return links.count
        }
    }

    /// Adds or removes an event of connection `id`.
    func update(_ id: UInt64, _ subscription: SubscriptionRequest) {
        links.withLock { links in
            if subscription.subscribe {
                links[id]?.events.insert(subscription.eventName)
            } else {
                links[id]?.events.remove(subscription.eventName)
            }
        }
    }

    /// Runs the action now when the world is inline; nil when it is isolated.
    func performInline(_ request: ActionRequest) -> ActionResponse? {
        isolation == nil ? run(request) : nil
    }

    /// Runs the action and answers it: inline on the caller's thread without suspending;
    /// isolated on the world's queue, answered with `action_timeout` when it is not answered
    /// within the budget (then it runs to its end if it began, and never runs if it had not).
    nonisolated(nonsending) func perform(_ request: ActionRequest) async -> ActionResponse {
        guard let (queue, watchdog) = isolation else { return run(request) }
        let world = definition.name
        return await withCheckedContinuation { continuation in
            let answer = ActionAnswer(continuation)
            let ticket = watchdog.watch(answer) { began in
                ActionResponse(id: request.id, error: .actionTimeout(request.name, world: world, budget: watchdog.budget, began: began))
            }
            queue.async {
                defer { watchdog.finish(ticket) }
                // An action answered with its timeout before its turn does not run.
                guard answer.begin() else { return }
                answer.give(self.run(request))
            }
        }
    }

    /// Runs the action with the world locked (never during a step), then delivers its events.
    private func run(_ request: ActionRequest) -> ActionResponse {
        defer { deliverEvents() }
        diagnostics.count(.actions)
        let result: Result<JSONValue, ActorError>
        if let action = definition.actions[request.name] {
            result = core.withLock { core in
                guard !core.isShutDown else { return .failure(.connectionClosed("world \(hash) has stopped")) }
                return action(core.model, request.args)
            }
        } else {
            result = .failure(.unknownAction(request.name, world: definition.name))
        }
        switch result {
        case .success(let output):
            return ActionResponse(id: request.id, output: output)
        case .failure(let error):
            diagnostics.record(error)
            return ActionResponse(id: request.id, error: error)
        }
    }

    /// Stops ticking unless the world keeps playing, and applies the definition's background
    /// behaviour. No frame is due after the call, whenever an isolated world gets to the rest.
    func enterBackground() {
        if definition.backgroundBehavior != .continuePlaying { stopFrames() }
        onWorld { self.applyBackground() }
    }

    /// Resumes a `pauseAndRestore` world that was playing and ticks again from now, owing no
    /// time for the background.
    func enterForeground() {
        let now = clock.now
        onWorld { self.applyForeground(at: now) }
        if definition.backgroundBehavior != .continuePlaying { startFrames() }
    }

    /// ``enterBackground()`` where the world runs.
    private func applyBackground() {
        defer { deliverEvents() }
        core.withLock { core in
            guard !core.inBackground, !core.isShutDown else { return }
            core.inBackground = true
            core.wasPlayingBeforeBackground = core.model.isPlaying
            switch definition.backgroundBehavior {
            case .stop: core.model.stop()
            case .pause, .pauseAndRestore: core.model.pause()
            case .forceFinish: core.model.finish()
            case .continuePlaying: return
            }
        }
    }

    /// ``enterForeground()`` where the world runs, for a call at `now`.
    private func applyForeground(at now: Duration) {
        defer { deliverEvents() }
        core.withLock { core in
            guard core.inBackground, !core.isShutDown else { return }
            core.inBackground = false
            guard definition.backgroundBehavior != .continuePlaying else { return }
            if definition.backgroundBehavior == .pauseAndRestore, core.wasPlayingBeforeBackground {
                core.model.resume()
            }
            // Time spent in the background is not owed to the simulation.
            core.timestep.reset()
            core.lastTick = now
        }
    }

    /// Stops ticking and closes every connection with `reason` (isolated, the world refuses
    /// actions once its queued work is done; nothing it emits meanwhile reaches a connection).
    func shutDown(_ reason: ActorError) {
        frames.withLock { frames in
            frames.isShutDown = true
            return frames.timer.take()
        }?.cancel()
        let closed = links.withLock { links in
            defer { links.removeAll() }
            return Array(links.values)
        }
        for link in closed { link.receive(.closed(reason)) }
        onWorld {
            self.core.withLock { $0.isShutDown = true }
        }
    }

    /// Runs `work` where the world runs: now on this thread inline, after the world's queued
    /// work when isolated.
    private func onWorld(_ work: @escaping @Sendable () -> Void) {
        if let (queue, _) = isolation {
            queue.async(execute: work)
        } else {
            work()
        }
    }

    /// Runs the fixed steps the frame due at `dueAt` owes, then delivers their events and
    /// reports failures. An isolated world may run it later than that; the time it owes is
    /// still the time between its frames' due times.
    private func tick(dueAt: Duration) {
        let failures: [ActorError] = core.withLock { core in
            // A frame already due when the world stopped or went to the background does not run.
            let heldBack = core.inBackground && definition.backgroundBehavior != .continuePlaying
            guard !core.isShutDown, !heldBack else { return [] }
            // A frame due before the world came back to the foreground owes nothing.
            let delta = Self.seconds(max(dueAt - core.lastTick, .zero))
            core.lastTick = max(dueAt, core.lastTick)
            diagnostics.count(.frames)
            var failures: [ActorError] = []
            for _ in 0..<core.timestep.advance(by: delta) {
                do {
                    try core.model.step(deltaTime: core.timestep.step)
                    diagnostics.count(.steps)
                } catch {
                    let failure = ActorError.stepFailed(world: definition.name, error)
                    diagnostics.record(failure)
                    failures.append(failure)
                }
            }
            return failures
        }
        deliverEvents()
        for failure in failures { onError(failure) }
    }

    /// Schedules the next frame one period from now unless one is scheduled or the world
    /// stopped for good.
    private func startFrames() {
        frames.withLock { frames in
            guard frames.timer == nil, !frames.isShutDown else { return }
            frames.timer = scheduleFrame()
        }
    }

    /// Cancels the next frame.
    private func stopFrames() {
        frames.withLock { $0.timer.take() }?.cancel()
    }

    /// A timer for the frame one period from now: when it fires, it schedules the following
    /// frame at once (on the clock's thread, so frames keep their period whatever the world is
    /// doing) and runs this one where the world runs.
    private func scheduleFrame() -> HostTimer {
        clock.schedule(after: period) { [weak self] in
            guard let self else { return }
            let dueAt = self.clock.now
            let running = self.frames.withLock { frames in
                guard frames.timer != nil else { return false }
                frames.timer = self.scheduleFrame()
                return true
            }
            if running { self.onWorld { self.tick(dueAt: dueAt) } }
        }
    }

    /// Sends every queued event to the connections subscribed to it.
    private func deliverEvents() {
        outbox.drain { events in
            let links = self.links.withLock { $0 }
            for event in events {
                var sent = 0
                for link in links.values where link.events.contains(event.name) {
                    link.receive(.event(event))
                    sent += 1
                }
                if sent == 0 {
                    diagnostics.count(.eventsDropped)
                } else {
                    diagnostics.count(.eventsSent, by: sent)
                }
            }
        }
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
