/// What `bench capacity` varies for a scenario and the budget each probe must fit: by default
/// particles against the frame budget, or the option and budget the scenario's
/// ``Scenario/Capacity`` names (for audio, voices against half the buffer period).
struct CapacityPlan {
    /// The base settings of every probe.
    let settings: RunSettings
    /// What the scenario's size follows.
    let capacity: Scenario.Capacity

    /// The largest count the searched option accepts.
    let maximum: Int

    /// The plan of `scenario`, whose size follows `capacity`, with `settings`.
    init(_ scenario: Scenario, capacity: Scenario.Capacity, settings: RunSettings) {
        self.settings = settings
        self.capacity = capacity
        let declared = scenario.options.first { $0.name == capacity.option }
        if case .integer(let range)? = declared?.kind {
            maximum = range.upperBound
        } else {
            maximum = MeasureOptions.maxParticles
        }
    }

    /// What the count counts.
    var unit: String { capacity.unit }

    /// The time a probe's p99 must fit, in nanoseconds.
    var budgetNs: Double { capacity.budget?(settings).ns ?? settings.budgetNs }

    /// The settings of the probe of `count`.
    func settings(count: Int) -> RunSettings {
        var probe = settings
        if let option = capacity.option {
            probe.options[option] = .integer(count)
        } else {
            probe.particles = count
        }
        return probe
    }

    /// The budget in words, for the headline.
    var budgetText: String { capacity.budget?(settings).text ?? "at \(settings.fpsText) fps" }
}
