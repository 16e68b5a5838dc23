/// Finds the largest count N whose frame time fits the budget, by bounded search: doubling
/// from `start` until a probe misses the budget (or `maximum` is reached), then bisection
/// until the bracket is narrower than `precision` of its lower end.
///
/// Probes stop at `maxProbes` or once `timeLimitNs` has passed; the best N found so far is
/// kept, and the result says whether the search converged.
struct CapacitySearch: Sendable {
    /// First N probed.
    var start: Int = 1000
    /// Largest N probed.
    var maximum: Int = MeasureOptions.maxParticles
    /// Most probes made.
    var maxProbes: Int = 30
    /// Wall-time limit of the search, in nanoseconds.
    var timeLimitNs: UInt64 = 120_000_000_000
    /// Relative width of the final bracket (0.02 = within 2%).
    var precision: Double = 0.02

    /// One measured count.
    struct Probe: Equatable, Sendable {
        /// The count.
        let count: Int
        /// Its frame time, in nanoseconds.
        let frameNs: Double
        /// Whether it fits the budget.
        let fits: Bool
    }

    /// The outcome of a search.
    struct Result: Equatable, Sendable {
        /// The largest count that fit, 0 when none did.
        let largest: Int
        /// Whether the bracket narrowed to `precision` (or hit `maximum`) before a limit.
        let converged: Bool
        /// Every probe in order.
        let probes: [Probe]
    }

    /// Searches with `frameNs(N)`, the frame time to judge (for example p99 CPU) for N, against
    /// `budgetNs`. `clock` reads monotonic nanoseconds for the time limit.
    func run(
        budgetNs: Double, clock: () -> UInt64 = Clocks.wall, frameNs: (Int) throws -> Double
    ) rethrows -> Result {
        let began = clock()
        var probes: [Probe] = []
        var fitting = 0
        var missing: Int?
        func withinLimits() -> Bool {
            probes.count < maxProbes && clock() &- began < timeLimitNs
        }
        func probe(_ count: Int) throws -> Bool {
            let time = try frameNs(count)
            let fits = time <= budgetNs
            probes.append(Probe(count: count, frameNs: time, fits: fits))
            if fits { fitting = max(fitting, count) } else { missing = min(missing ?? count, count) }
            return fits
        }
        var count = min(max(1, start), maximum)
        while missing == nil, withinLimits() {
            guard try probe(count), count < maximum else { break }
            count = count > maximum / 2 ? maximum : count * 2
        }
        var converged = missing == nil && fitting == maximum
        while let upper = missing, !converged {
            if upper - fitting <= max(1, Int(Double(fitting) * precision)) {
                converged = true
                break
            }
            guard withinLimits() else { break }
            _ = try probe(fitting + (upper - fitting) / 2)
        }
        return Result(largest: fitting, converged: converged, probes: probes)
    }
}
