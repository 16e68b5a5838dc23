/// The frames a player would feel: how many went over the hitch threshold, and how much of
/// every second of play they spent beyond it.
///
/// A hitch is a frame longer than ``thresholdMs`` (half the frame budget unless the run says
/// otherwise), as Unreal's hitch detection counts them. Its hitch time is the part beyond the
/// threshold; ``msPerSecond`` divides the run's hitch time by the seconds the measured frames
/// stand for at the target rate (frames ÷ fps), Apple's hitch-time ratio, where under 5 ms/s
/// reads as smooth. Frames are timed on the clock the scenario is judged on: the measuring
/// thread's CPU time for one thread, wall time for a parallel scenario.
package struct HitchSummary: Codable, Equatable, Sendable {
    /// The frame time above which a frame is a hitch, in milliseconds.
    package var thresholdMs: Double
    /// Frames over the threshold.
    package var count: Int
    /// Milliseconds beyond the threshold per second of play.
    package var msPerSecond: Double

    /// The hitches of `nanoseconds` (one time per frame, non-empty) over `thresholdMs`, at
    /// `fps` frames per second of play.
    package init(nanoseconds: [UInt64], thresholdMs: Double, fps: Double) {
        self.thresholdMs = thresholdMs
        var count = 0
        var beyond = 0.0
        for frame in nanoseconds {
            let ms = Double(frame) / 1e6
            guard ms > thresholdMs else { continue }
            count += 1
            beyond += ms - thresholdMs
        }
        self.count = count
        msPerSecond = beyond / (Double(nanoseconds.count) / fps)
    }

    /// The hitches of rounds measured one after the other, each with its frame count: the
    /// counts add up and the hitch time is spread over all their frames; nil for no rounds or
    /// rounds with different thresholds.
    package static func joined(_ rounds: [(summary: HitchSummary, frames: Int)]) -> HitchSummary? {
        guard let first = rounds.first, rounds.allSatisfy({ $0.summary.thresholdMs == first.summary.thresholdMs }) else { return nil }
        let frames = rounds.reduce(0) { $0 + $1.frames }
        var joined = first.summary
        joined.count = rounds.reduce(0) { $0 + $1.summary.count }
        joined.msPerSecond = frames == 0 ? 0 : rounds.reduce(0.0) { $0 + $1.summary.msPerSecond * Double($1.frames) } / Double(frames)
        return joined
    }

    private enum CodingKeys: String, CodingKey {
        case thresholdMs = "threshold_ms", count, msPerSecond = "ms_per_second"
    }
}
