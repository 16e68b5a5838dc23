import BenchKit
import ECS
import Host

/// The hosted world of the `host` scenario: a counter that actions add to, emitting `tick`
/// with the step number after every step.
final class HostBenchCounter: HostedModel {
    /// Carries the `tick` events.
    let events = EventBus()
    /// Whether steps emit.
    private(set) var isPlaying = true
    private var total = 0
    private var steps = 0

    /// Counts the step and emits `tick` with its number.
    func step(deltaTime: Double) throws {
        guard isPlaying else { return }
        steps += 1
        events.emit("tick", arguments: [.int(Int64(steps))])
    }

    /// Stops emitting.
    func pause() { isPlaying = false }
    /// Emits again.
    func resume() { isPlaying = true }
    /// Stops emitting.
    func stop() { isPlaying = false }
    /// Stops emitting.
    func finish() { isPlaying = false }

    /// Adds `amount` and returns the total.
    func add(_ amount: Int) -> Int {
        total &+= amount
        return total
    }

    /// The definition registered as `bench.counter` at 60 frames per second.
    static func definition() throws(ActorError) -> WorldDefinition<HostBenchCounter> {
        try WorldDefinition("bench.counter", events: ["tick"], targetFrameRate: 60) { _ in HostBenchCounter() }
            .action("add") { (model: HostBenchCounter, amount: Int) in model.add(amount) }
    }
}
