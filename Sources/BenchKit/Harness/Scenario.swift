/// A named scenario: the options it declares and how to build its ``Workload`` for a run.
///
/// ```swift
/// Scenario("physics", options: [.integer("bodies", default: 10_000, range: 1...1_000_000, help: "Bodies per frame.")]) {
///     settings in try PhysicsWorkload(bodies: settings.integer("bodies") ?? 10_000, seed: settings.seed)
/// }
/// ```
public struct Scenario: Sendable {
    /// What `bench capacity` searches for a scenario, and the budget each probe must fit.
    public struct Capacity: Sendable {
        /// The option the count sets (an ``ScenarioOption/integer(_:default:range:help:)``), or
        /// nil for `--particles`.
        public let option: String?
        /// What the count counts, for the headline: "particles", "voices".
        public let unit: String
        /// The time a probe's p99 must fit, in nanoseconds, and that budget in words, for the
        /// given settings; nil for the frame budget at the run's fps.
        public let budget: (@Sendable (RunSettings) -> (ns: Double, text: String))?

        /// The count of `option` (nil: `--particles`), named `unit`, judged against `budget`
        /// (nil: the frame budget).
        public init(
            option: String?, unit: String, budget: (@Sendable (RunSettings) -> (ns: Double, text: String))? = nil
        ) {
            self.option = option
            self.unit = unit
            self.budget = budget
        }

        /// `--particles` against the frame budget.
        public static let particles = Capacity(option: nil, unit: "particles")
    }

    /// The name used with `--scenario`, in reports, result files and thresholds.
    public let name: String
    /// The options the scenario reads from its settings.
    public let options: [ScenarioOption]
    /// What `bench capacity` searches, nil for a scenario of fixed size.
    public let capacity: Capacity?
    /// Rejects settings the scenario cannot run with (options that contradict each other, a
    /// file that cannot be read) before anything is measured.
    let validate: @Sendable (RunSettings) throws -> Void
    /// Runs once in the process before the scenario is built, for example to install an
    /// executor.
    let prepare: @Sendable () -> Void
    /// Builds the workload for a run.
    let make: @Sendable (RunSettings) throws -> any Workload

    /// A scenario named `name` that builds its workload with `make`.
    public init(
        _ name: String, options: [ScenarioOption] = [], capacity: Capacity? = nil,
        validate: @escaping @Sendable (RunSettings) throws -> Void = { _ in },
        prepare: @escaping @Sendable () -> Void = {},
        _ make: @escaping @Sendable (RunSettings) throws -> any Workload
    ) {
        self.name = name
        self.options = options
        self.capacity = capacity
        self.validate = validate
        self.prepare = prepare
        self.make = make
    }
}
