/// Whether a scenario's CPU samples can be judged by `bench compare` and `bench history`.
///
/// A comparison needs at least `minimumCount` samples: with fewer, the Mann-Whitney U test of
/// two equal-size runs cannot reach p < 0.01 however far apart they are (4 against 4 gives
/// p >= 0.029), so no verdict would mean anything. Every sample must be above 0 ns (a frame
/// that took no CPU time was not measured, and a zero baseline median has no relative change).
/// Samples that are all equal are refused too: the clock did not resolve the frames, there
/// is no spread to judge a change against and the bootstrap interval collapses to a point.
enum SampleCheck {
    /// Fewest CPU samples a scenario needs to be compared.
    static let minimumCount = 5

    /// The problem with `scenario`'s CPU samples in one phrase, nil when it can be compared.
    static func problem(_ scenario: ScenarioResult) -> String? {
        let samples = scenario.samples.cpuNs
        let label = "scenario '\(scenario.name)'"
        guard !samples.isEmpty else {
            return "\(label) has no cpu_ns samples"
        }
        guard samples.count >= minimumCount else {
            return "\(label) has \(samples.count) cpu_ns sample(s); comparing needs at least \(minimumCount) (fewer can never reach p < 0.01)"
        }
        if let frame = samples.firstIndex(of: 0) {
            return "\(label) has a cpu_ns sample of 0 (frame \(frame)), which is not a measurement"
        }
        if samples.allSatisfy({ $0 == samples[0] }) {
            return "\(label) has \(samples.count) cpu_ns samples all equal to \(samples[0]): no spread to judge a change against"
        }
        return nil
    }
}
