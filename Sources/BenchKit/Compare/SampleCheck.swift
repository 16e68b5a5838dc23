/// Whether a scenario's samples can be judged by `bench compare` and `bench history`.
///
/// The samples read are those a frame's cost is judged on (``FrameSamples/frameNs``). Every
/// one must be above 0 ns: a frame that took no time was not measured, and a zero median has no
/// relative change. Samples that are all equal are refused too: the clock did not resolve the
/// frames and there is no spread to judge a change against.
enum SampleCheck {
    /// The problem with `scenario`'s samples in one phrase, nil when it can be compared.
    static func problem(_ scenario: ScenarioResult) -> String? {
        let samples = scenario.samples.frameNs
        let label = "scenario '\(scenario.name)'"
        let clock = scenario.samples.processCPUNs == nil ? "cpu_ns" : "wall_ns"
        guard !samples.isEmpty else {
            return "\(label) has no \(clock) samples"
        }
        if let frame = samples.firstIndex(of: 0) {
            return "\(label) has a \(clock) sample of 0 (frame \(frame)), which is not a measurement"
        }
        if samples.count > 1, samples.allSatisfy({ $0 == samples[0] }) {
            return "\(label) has \(samples.count) \(clock) samples all equal to \(samples[0]): no spread to judge a change against"
        }
        return nil
    }
}
