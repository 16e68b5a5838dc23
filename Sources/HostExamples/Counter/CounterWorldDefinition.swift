import ECS
import Host

/// A failure the counter's `fail` action raises on purpose.
public struct CounterRefusal: Error, CustomStringConvertible {
    /// Why.
    public let reason: String

    /// `refused: <reason>`.
    public var description: String { "refused: \(reason)" }
}

extension CounterWorld {
    /// The hosted counter, registered as `counter` at `targetFrameRate` frames per second,
    /// created from an `Int` start value (0 without input):
    /// - `get()`, `add(amount)` (emits `changed(count)`), `sum2(a, b)`, `describe3(text, number, flag)`
    ///   for every arity 0–3; `echo(value)` returns any JSON value;
    /// - `fail(reason)` throws `world` `action_failed`;
    /// - `flood(count, bytes)` emits `count` `blob` events of `bytes` characters;
    /// - `stall(milliseconds)` holds the world that long, as a slow action would;
    /// - event `steps(total)` after every step while playing.
    /// - Throws: `ActorError` `config_error` for a frame rate outside `1...1000`.
    public static func definition(targetFrameRate: Int = 60) throws(ActorError) -> WorldDefinition<CounterWorld> {
        try WorldDefinition("counter", events: ["changed", "steps", "blob"], targetFrameRate: targetFrameRate) { input in
            let start = try input?.decode(Int.self) ?? 0
            return CounterWorld(start: start)
        }
        .action("get") { (model: CounterWorld) in model.count }
        .action("add") { (model: CounterWorld, amount: Int) in model.add(amount) }
        .action("sum2") { (_: CounterWorld, a: Int, b: Int) in a &+ b }
        .action("describe3") { (_: CounterWorld, text: String, number: Int, flag: Bool) in "\(text)-\(number)-\(flag)" }
        .action("echo") { (_: CounterWorld, value: JSONValue) in value }
        .action("fail") { (_: CounterWorld, reason: String) throws -> Int in throw CounterRefusal(reason: reason) }
        .action("flood") { (model: CounterWorld, count: Int, bytes: Int) in try model.flood(count: count, bytes: bytes) }
        .action("stall") { (model: CounterWorld, milliseconds: Int) in try model.stall(milliseconds: milliseconds) }
        .action("steps") { (model: CounterWorld) in model.steps }
    }
}
