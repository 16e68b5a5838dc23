import ECS
import Host

/// The hosted world of the `host` scenario: a counter that actions add to, emitting `tick`
/// with the step number after every step.
final class HostBenchCounter: HostedModel {
    let world = World()
    private(set) var isPlaying = true
    private var total = 0
    private var steps = 0

    func step(deltaTime: Double) throws {
        guard isPlaying else { return }
        steps += 1
        world.events.emit("tick", arguments: [.int(Int64(steps))])
    }

    func pause() { isPlaying = false }
    func resume() { isPlaying = true }
    func stop() { isPlaying = false }
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
