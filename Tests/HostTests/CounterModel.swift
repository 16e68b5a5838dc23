import ECS
import Host

/// A test world: a counter changed by actions, and a step count that advances while playing
/// (start frame 0, end frame `end`), emitted as `steps` after each step.
final class CounterModel: HostedModel {
    let events = EventBus()
    var count: Int
    var steps = 0
    let end: Int
    private(set) var isPlaying = true
    /// Steps fail while this is set.
    var failSteps = false
    /// Set while the `busy` action runs.
    var inAction = false
    /// Steps that began while an action was running (the host must keep this at 0).
    var overlaps = 0

    init(start: Int, end: Int = 100) {
        count = start
        self.end = end
    }

    func step(deltaTime: Double) throws {
        if inAction { overlaps += 1 }
        guard isPlaying else { return }
        if failSteps { throw ECSError(.invalidArgument, "step refused") }
        steps += 1
        events.emit("steps", arguments: [.int(Int64(steps))])
    }

    func pause() { isPlaying = false }
    func resume() { isPlaying = true }
    func stop() {
        isPlaying = false
        steps = 0
    }
    func finish() {
        isPlaying = false
        steps = end
    }
}

/// An error an action throws on purpose.
struct RefusedAction: Error {}

/// The counter world's definition with actions of every arity and an event emitter.
func counterDefinition(
    _ name: String = "counter", targetFrameRate: Int = 60, fixedStep: Double? = nil,
    backgroundBehavior: BackgroundBehavior = .pauseAndRestore
) throws -> WorldDefinition<CounterModel> {
    try WorldDefinition(
        name, events: ["steps", "tick", "pair", "triple", "four", "five", "message"],
        targetFrameRate: targetFrameRate, fixedStep: fixedStep, backgroundBehavior: backgroundBehavior
    ) { input in
        let start = try input?.decode(Int.self) ?? 0
        guard start >= 0 else { throw ECSError(.invalidArgument, "a counter starts at 0 or above (got \(start))") }
        return CounterModel(start: start)
    }
    .action("get") { (model: CounterModel) in model.count }
    .action("add") { (model: CounterModel, amount: Int) in
        model.count += amount
        return model.count
    }
    .action("sum2") { (_: CounterModel, a: Int, b: Int) in a + b }
    .action("describe3") { (_: CounterModel, a: String, b: Int, c: Bool) in "\(a)-\(b)-\(c)" }
    .action("fail") { (_: CounterModel) throws -> Int in throw RefusedAction() }
    .action("playing") { (model: CounterModel) in model.isPlaying }
    .action("steps") { (model: CounterModel) in model.steps }
    .action("busy") { (model: CounterModel, spins: Int) in
        model.inAction = true
        defer { model.inAction = false }
        var sum = 0
        for index in 0..<spins { sum &+= index }
        return sum
    }
    .action("overlaps") { (model: CounterModel) in model.overlaps }
    .action("failSteps") { (model: CounterModel, fail: Bool) in
        model.failSteps = fail
        return fail
    }
    .action("emit") { (model: CounterModel, name: String, args: [JSONValue]) in
        model.events.emit(name, arguments: args)
        return args.count
    }
    .action("emitPayload") { (model: CounterModel, name: String, payload: JSONValue) in
        model.events.emit(name, payload)
        return true
    }
}
