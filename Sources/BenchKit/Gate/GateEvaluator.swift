import Foundation

/// Judges gate measurements against thresholds.
///
/// Instructions pass up to `instruction_tolerance_percent` above their threshold; allocations
/// pass up to their threshold, which is zero for allocation-free workloads; counters must be
/// equal. A workload without thresholds fails until `bench gate --update` records it.
struct GateEvaluator: Sendable {
    /// The committed thresholds.
    let thresholds: Thresholds

    /// The findings for `measurements`, in order.
    func evaluate(_ measurements: [GateMeasurement]) -> [GateFinding] {
        measurements.flatMap { measurement -> [GateFinding] in
            guard let expectation = thresholds.workloads[measurement.name] else {
                return [
                    GateFinding(
                        workload: measurement.name, metric: "thresholds",
                        expected: "recorded (run bench gate --update)", measured: "missing",
                        verdict: .fail)
                ]
            }
            return instructions(measurement, expectation) + allocations(measurement, expectation)
                + counters(measurement, expectation)
        }
    }

    /// Whether `measured` instructions are within the tolerance above `threshold`.
    func instructionsPass(measured: UInt64, threshold: UInt64) -> Bool {
        Double(measured) <= Double(threshold) * (1 + thresholds.instructionTolerancePercent / 100)
    }

    private func instructions(_ measurement: GateMeasurement, _ expectation: Thresholds.Expectation)
        -> [GateFinding]
    {
        guard let measured = measurement.instructions else { return [] }
        guard let threshold = expectation.instructions else {
            return [finding(measurement, "instructions", "recorded", "\(measured)", .fail)]
        }
        let change = (Double(measured) / Double(max(1, threshold)) - 1) * 100
        return [
            finding(
                measurement, "instructions",
                "\(threshold) +\(Self.format(thresholds.instructionTolerancePercent))%",
                "\(measured) (\(change >= 0 ? "+" : "")\(Self.format(change))%)",
                instructionsPass(measured: measured, threshold: threshold) ? .pass : .fail)
        ]
    }

    private func allocations(_ measurement: GateMeasurement, _ expectation: Thresholds.Expectation)
        -> [GateFinding]
    {
        guard let measured = measurement.allocations else { return [] }
        let limit = measurement.allocationFree ? 0 : (expectation.allocations ?? 0)
        return [
            finding(
                measurement, "allocations", "<= \(limit)", "\(measured)",
                measured <= limit ? .pass : .fail)
        ]
    }

    /// One finding per counter, measured or recorded: `counter NAME`, which must match exactly
    /// (a counter on one side only shows "-" on the other and fails).
    private func counters(_ measurement: GateMeasurement, _ expectation: Thresholds.Expectation)
        -> [GateFinding]
    {
        let names = Set(measurement.counters.keys).union(expectation.counters.keys).sorted()
        return names.map { name in
            let expected = expectation.counters[name], measured = measurement.counters[name]
            return finding(
                measurement, "counter \(name)", expected.map(String.init) ?? "-", measured.map(String.init) ?? "-",
                expected == measured ? .pass : .fail)
        }
    }

    private func finding(
        _ measurement: GateMeasurement, _ metric: String, _ expected: String, _ measured: String,
        _ verdict: Verdict
    ) -> GateFinding {
        GateFinding(
            workload: measurement.name, metric: metric, expected: expected, measured: measured,
            verdict: verdict)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
