import Dispatch
import ECS
import Host

/// A small hosted world for round trips and protocol checks: a counter changed by actions,
/// and a step count that advances while playing, emitted as `steps` after every step.
public final class CounterWorld: HostedModel {
    /// Carries the `changed`, `steps` and `blob` events.
    public let events = EventBus()
    /// The counter.
    public private(set) var count: Int
    /// Steps run while playing.
    public private(set) var steps = 0
    /// Whether steps advance.
    public private(set) var isPlaying = true

    /// A counter starting at `start`.
    public init(start: Int) {
        count = start
    }

    /// Adds `amount`, emits `changed(count)` and returns the new count.
    public func add(_ amount: Int) -> Int {
        count &+= amount
        events.emit("changed", arguments: [.int(Int64(count))])
        return count
    }

    /// Most `blob` events of one ``flood(count:bytes:)``.
    public static let maxFloodCount = 10_000
    /// Most characters of one `blob` event.
    public static let maxFloodBytes = 1 << 20
    /// Most characters of all the `blob` events of one ``flood(count:bytes:)``: what one action
    /// may make its world hold and send.
    public static let maxFloodTotalBytes = 32 << 20

    /// Emits `count` `blob` events, each carrying a string of `bytes` characters; returns `count`.
    /// - Throws: `ECSError` `invalidArgument` for a count outside 0...``maxFloodCount``, a size
    ///   outside 0...``maxFloodBytes``, or more than ``maxFloodTotalBytes`` in all.
    public func flood(count: Int, bytes: Int) throws(ECSError) -> Int {
        guard (0...Self.maxFloodCount).contains(count), (0...Self.maxFloodBytes).contains(bytes),
              count * bytes <= Self.maxFloodTotalBytes else {
            throw ECSError(.invalidArgument, "flood needs count in 0...\(Self.maxFloodCount), bytes in 0...\(Self.maxFloodBytes) and count × bytes at most \(Self.maxFloodTotalBytes) (got \(count), \(bytes))")
        }
        let payload = JSONValue.string(String(repeating: "x", count: bytes))
        for _ in 0..<count { events.emit("blob", arguments: [payload]) }
        return count
    }

    /// Most milliseconds one ``stall(milliseconds:)`` holds its world.
    public static let maxStallMilliseconds = 10_000

    /// Holds the world's thread for `milliseconds`, as a slow action would (so a client can
    /// see that it slows only its own world); returns `milliseconds`.
    /// - Throws: `ECSError` `invalidArgument` outside 0...``maxStallMilliseconds``.
    public func stall(milliseconds: Int) throws(ECSError) -> Int {
        guard (0...Self.maxStallMilliseconds).contains(milliseconds) else {
            throw ECSError(.invalidArgument, "stall needs milliseconds in 0...\(Self.maxStallMilliseconds) (got \(milliseconds))")
        }
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(milliseconds))
        return milliseconds
    }

    /// Counts a step and emits `steps(total)` while playing.
    public func step(deltaTime: Double) throws {
        guard isPlaying else { return }
        steps += 1
        events.emit("steps", arguments: [.int(Int64(steps))])
    }

    /// Holds the step count.
    public func pause() { isPlaying = false }
    /// Counts steps again.
    public func resume() { isPlaying = true }
    /// Resets the step count and holds it.
    public func stop() {
        isPlaying = false
        steps = 0
    }
    /// Holds the step count where it is (the counter has no end).
    public func finish() { isPlaying = false }
}
