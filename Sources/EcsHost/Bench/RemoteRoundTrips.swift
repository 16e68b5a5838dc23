#if RemoteHost
import BenchKit
import HostScenarios
import Host

/// What one client's loop of `add(1)` round trips saw: each answer must be the previous total
/// plus one (its world counts only its own actions), so a lost, repeated or reordered answer
/// shows as a mismatch.
struct RemoteRoundTrips: Sendable {
    /// Round-trip times in nanoseconds.
    var latenciesNs: [Double] = []
    /// Answers that were exactly the expected next total.
    var answeredInOrder = 0
    /// Answers that were not, and actions that threw.
    var mismatches = 0
    /// The last total the world returned.
    var lastTotal: Int

    /// Runs `count` round trips on `handle`, whose world's total is `start`.
    nonisolated(nonsending) static func run(_ handle: ActorObservable, count: Int, from start: Int) async -> RemoteRoundTrips {
        var trips = RemoteRoundTrips(lastTotal: start)
        trips.latenciesNs.reserveCapacity(count)
        for _ in 0..<count {
            let begin = ContinuousClock.now
            do {
                let total: Int = try await handle.action("add", 1)
                if total == trips.lastTotal + 1 { trips.answeredInOrder += 1 } else { trips.mismatches += 1 }
                trips.lastTotal = total
            } catch {
                trips.mismatches += 1
            }
            trips.latenciesNs.append(nanoseconds(ContinuousClock.now - begin))
        }
        return trips
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
#endif
