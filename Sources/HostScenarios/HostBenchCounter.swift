import BenchKit
import ECS
import Host

/// The hosted world of the `host` scenario: a counter that actions add to, emitting `tick`
/// with the step number after every step.
package final class HostBenchCounter: HostedModel {
    /// Carries the `tick` events.
    package let events = EventBus()
    /// Whether steps emit.
    package private(set) var isPlaying = true
    private var total = 0
    private var steps = 0

    /// Counts the step and emits `tick` with its number.
    package func step(deltaTime: Double) throws {
        guard isPlaying else { return }
        steps += 1
        events.emit("tick", arguments: [.int(Int64(steps))])
    }

    /// Stops emitting.
    package func pause() { isPlaying = false }
    /// Emits again.
    package func resume() { isPlaying = true }
    /// Stops emitting.
    package func stop() { isPlaying = false }
    /// Stops emitting.
    package func finish() { isPlaying = false }

    /// Adds `amount` and returns the total.
    package func add(_ amount: Int) -> Int {
        total &+= amount
        return total
    }

    /// The definition registered as `bench.counter` at 60 frames per second.
    package static func definition() throws(ActorError) -> WorldDefinition<HostBenchCounter> {
        try WorldDefinition("bench.counter", events: ["tick"], targetFrameRate: 60) { _ in HostBenchCounter() }
            .action("add") { (model: HostBenchCounter, amount: Int) in model.add(amount) }
    }
}
