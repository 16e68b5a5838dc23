import Foundation

/// A goal of `bench ecs`: a workload judged against baselines measured in the same run, at the
/// same entity count. Goals are reported, not gated (the gates are the default run's budgets
/// and `bench gate`); each compares minimum ns per entity per frame, the figure that other
/// load on the machine moves least.
struct ECSGoal: Sendable {
    /// The workload judged.
    let workload: String
    /// The workloads its figure needs besides `workload`.
    let baselines: [String]
    /// What the goal asks, for the report.
    let statement: String
    /// The unit of the figure and its limit as printed: `x` for a ratio, ` ns` for ns per entity.
    let unit: String
    /// The figure and its limit from the minima of `workload` then each baseline.
    let measure: @Sendable (_ minima: [Double]) -> (value: Double, limit: Double)

    /// The goals, in report order.
    static let all: [ECSGoal] = [
        ECSGoal(
            workload: "observe", baselines: ["add_remove", "observe_c"],
            statement: "observe adds to add_remove no more than the callbacks' own work (observe_c)", unit: " ns"
        ) { minima in (minima[0] - minima[1], minima[2]) },
        ECSGoal(
            workload: "observe_direct", baselines: ["add_remove", "observe_c"],
            statement: "floor: observe_direct (the same closures called directly, no observer) adds to add_remove no more than observe_c",
            unit: " ns"
        ) { minima in (minima[0] - minima[1], minima[2]) },
        ECSGoal(
            workload: "hierarchy", baselines: ["hierarchy_c"],
            statement: "hierarchy within 1.5x of its plain C walk (hierarchy_c)", unit: "x"
        ) { minima in (minima[0] / minima[1], 1.5) },
    ]

    /// One goal judged on one run.
    struct Judgement: Equatable, Sendable {
        /// The goal's statement.
        let goal: String
        /// The entity count all its workloads ran at.
        let entities: Int
        /// The figure: a ratio, or ns per entity.
        let value: Double
        /// The most the figure may be.
        let limit: Double
        /// The unit both are printed in.
        let unit: String

        /// Whether the figure is within its limit.
        var isMet: Bool { value <= limit }

        /// The cells under ``headers``.
        var cells: [String] {
            [goal, String(entities), String(format: "%.2f%@", value, unit), String(format: "%.2f%@", limit, unit), isMet ? "met" : "missed"]
        }

        /// The JSON object of the judgement.
        var jsonObject: [String: Any] {
            ["goal": goal, "entities": entities, "value": value, "limit": limit, "unit": unit.trimmingCharacters(in: .whitespaces), "met": isMet]
        }

        /// Column titles of ``cells``.
        static let headers = ["goal", "entities", "figure", "limit", "verdict"]
    }

    /// Each goal whose workload and baselines all ran at one entity count in `rows` (name
    /// without `ecs.`, entity count, minimum ns per entity), judged at that count; goals
    /// missing a workload are left out.
    static func judgements(_ rows: [(workload: String, entities: Int, minimum: Double)]) -> [Judgement] {
        all.flatMap { goal in
            rows.filter { $0.workload == goal.workload }.compactMap { row -> Judgement? in
                var minima = [row.minimum]
                for baseline in goal.baselines {
                    guard let match = rows.first(where: { $0.workload == baseline && $0.entities == row.entities }) else { return nil }
                    minima.append(match.minimum)
                }
                let (value, limit) = goal.measure(minima)
                return Judgement(goal: goal.statement, entities: row.entities, value: value, limit: limit, unit: goal.unit)
            }
        }
    }
}
