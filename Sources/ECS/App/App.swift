/// One world, its stages' schedules and the plugins that fill them: the frame loop of a game or
/// a simulation.
///
/// ```swift
/// let app = try App(threads: 2)
/// try app.add(GravityPlugin())
/// try app.addSystem("move", after: ["gravity"]) { (q: Query<Write<Position>, Read<Velocity>>, time: Res<Time>) in
///     let dt = Float(time.value.delta)
///     try q.forEachChunk { _, positions, velocities in
///         for i in positions.indices { positions[i].y += velocities[i].dy * dt }
///     }
/// }
/// try app.update(deltaTime: 1.0 / 60)
/// ```
///
/// A frame (``update(deltaTime:)``) starts every event channel's frame (``Events/update()``),
/// then runs each ``Stage`` of ``Stage/frame`` with the app's ``Time`` resource set for it.
/// Within a stage, systems run as a dependency graph on up to ``threads`` threads
/// (``Schedule``); results are bit-identical for any thread count.
public final class App {
    /// The world every plugin and system shares.
    public let world: World
    /// Most threads a stage uses.
    public let threads: Int
    /// The fixed timestep that drives ``Stage/fixedUpdate``.
    public private(set) var fixedTimestep: FixedTimestep
    private var schedules: [Stage: Schedule] = [:]
    /// The schedules of ``Stage/frame``, by position there, so a frame finds them without hashing.
    private var frameSchedules: [Schedule?] = Array(repeating: nil, count: Stage.frame.count)
    /// The time resource's storage, written by every frame without a look-up.
    private let time: ResourceSlot<Time>
    private var pluginNames: [String] = []
    /// The plugin whose ``Plugin/build(_:)`` is running, for error messages.
    private var building: String?
    /// Who registered each component, and with what storage.
    private var components: [ObjectIdentifier: (storage: ComponentStorage, by: String)] = [:]
    /// Starts the frame of each event channel.
    private var eventFrames: [() -> Void] = []
    private var eventTypes: Set<ObjectIdentifier> = []
    private var startedUp = false
    /// Where each stage's systems start in ``lastFrameDurations``.
    private var durationOffsets: [Stage: Int] = [:]

    /// Whether frames measure how long each system ran (``lastFrameDurations``).
    public var measuresSystems = false {
        didSet { for schedule in schedules.values { schedule.measuresSystems = measuresSystems } }
    }
    /// How long each system ran in the last frame, when ``measuresSystems``: one entry per
    /// system of every stage that ran, in stage order and then in the order added, summed over
    /// the frame's fixed steps.
    public private(set) var lastFrameDurations: [SystemDuration] = []

    /// Empties the world's resources: a resource that holds the world it lives in (the
    /// simulation, boards and mixer the plugins insert) would otherwise keep the world, and
    /// itself, alive for ever. A world kept beyond its app keeps its entities and loses its
    /// resources.
    deinit {
        world.resources.removeAll()
    }

    /// An app with an empty world using up to `threads` threads per stage and `fixedTimestep`
    /// for the fixed update (1/60 s steps by default).
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when `threads` is below 1.
    public init(threads: Int = 1, fixedTimestep: FixedTimestep? = nil) throws(ECSError) {
        guard threads >= 1 else { throw ECSError(.invalidArgument, "thread count must be at least 1 (got \(threads))") }
        world = World()
        self.threads = threads
        if let fixedTimestep {
            self.fixedTimestep = fixedTimestep
        } else {
            self.fixedTimestep = try FixedTimestep()
        }
        try world.resources.insert(Time())
        time = try world.resources.slot(Time.self, writing: true)
    }

    /// The schedule of `stage`, created on first use.
    public func schedule(_ stage: Stage) -> Schedule {
        if let schedule = schedules[stage] { return schedule }
        // The thread count was checked by `init`.
        let schedule = try! Schedule(threads: threads)
        schedule.measuresSystems = measuresSystems
        schedules[stage] = schedule
        if let position = Stage.frame.firstIndex(of: stage) { frameSchedules[position] = schedule }
        return schedule
    }

    /// The names of the plugins added, in order.
    public var plugins: [String] { pluginNames }

    /// Adds `plugin`: runs its ``Plugin/build(_:)``.
    /// - Throws: ``ECSError/Code-swift.enum/duplicatePlugin`` when a plugin of that name was
    ///   added already; what `build` throws.
    public func add(_ plugin: some Plugin) throws {
        guard !pluginNames.contains(plugin.name) else {
            throw ECSError(.duplicatePlugin, "plugin \(plugin.name) is already added to this app", metadata: ["plugin": plugin.name])
        }
        pluginNames.append(plugin.name)
        let outer = building
        building = plugin.name
        defer { building = outer }
        try plugin.build(self)
    }

    /// Registers component `C` with `storage` (its declared storage when nil, see
    /// ``StorageDeclaring``). Registering it again with the same storage does nothing.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` naming both registrations when
    ///   `C` was registered with the other storage, or when the storage contradicts the type's
    ///   declaration.
    public func registerComponent<C>(_ type: C.Type, storage: ComponentStorage? = nil) throws(ECSError) {
        let wanted = storage ?? World.declaredStorage(of: C.self)
        let registrant = building.map { "plugin \($0)" } ?? "the app"
        if let earlier = components[ObjectIdentifier(C.self)], earlier.storage != wanted {
            throw ECSError(
                .invalidArgument,
                "\(registrant) registers \(C.self) with \(wanted) storage, but \(earlier.by) registered it with \(earlier.storage) storage",
                metadata: ["component": "\(C.self)"])
        }
        try world.registerComponent(C.self, storage: wanted)
        components[ObjectIdentifier(C.self)] = (wanted, registrant)
    }

    /// Inserts (or replaces) the resource `value`.
    /// - Throws: The errors of ``Resources/insert(_:)``.
    public func insertResource<R>(_ value: R) throws(ECSError) {
        try world.resources.insert(value)
    }

    /// Adds the event channel `Events<E>` (once; again does nothing), so systems can take
    /// ``EventWriter`` and ``EventReader`` of `E`.
    /// - Throws: The errors of ``Resources/insert(_:)``.
    public func addEvent<E>(_ type: E.Type) throws(ECSError) {
        guard eventTypes.insert(ObjectIdentifier(E.self)).inserted else { return }
        let events = Events<E>()
        try world.resources.insert(events)
        eventFrames.append { events.update() }
    }

    /// Adds a system named `name` to `stage` whose parameters say what it touches: a query,
    /// resources, commands, event readers and writers (``SystemParam``). It runs after the
    /// systems or sets `after` names, before those `before` names, in the sets `sets`.
    ///
    /// ```swift
    /// try app.addSystem("move") { (q: Query<Write<Position>, Read<Velocity>>, time: Res<Time>) in … }
    /// ```
    ///
    /// The system is a ``FunctionSystem`` whose access is the union of what the parameters
    /// declare. This method is inlinable so that the module adding the system specialises its
    /// run for the parameters: fetching them then looks up no generic metadata.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when two parameters name one type
    ///   and one writes it; the errors of building a parameter's query.
    @discardableResult @inlinable
    public func addSystem<each P: SystemParam>(
        _ name: String, in stage: Stage = .update, sets: [String] = [], after: [String] = [], before: [String] = [],
        _ body: @escaping @Sendable (repeat each P) throws -> Void
    ) throws(ECSError) -> SystemConfiguration {
        var access = SystemAccess()
        repeat try (each P).declare(in: &access, system: name)
        // Only this system's runs touch the states, one run at a time (a system never runs
        // beside itself).
        let states = UncheckedSendable((repeat try (each P).makeState(world)))
        let system = FunctionSystem(name, access: access) { context in
            let values = states.value
            try body(repeat try (each P).fetch(each values, context))
        }
        return addSystem(system, in: stage, SystemOrdering(sets: sets, before: before, after: after))
    }

    /// Adds `system` (for example a ``FunctionSystem`` whose access types cannot say) to
    /// `stage` with `ordering`.
    @discardableResult
    public func addSystem(_ system: any System, in stage: Stage = .update, _ ordering: SystemOrdering = SystemOrdering())
        -> SystemConfiguration
    {
        let schedule = schedule(stage)
        return SystemConfiguration(schedule: schedule, position: schedule.add(system, ordering))
    }

    /// Declares the set `name` in `stage`, so that systems may be ordered against it before any
    /// system joins it (``Schedule/declareSet(_:)``).
    public func declareSet(_ name: String, in stage: Stage) {
        schedule(stage).declareSet(name)
    }

    /// Runs one frame of `deltaTime` seconds: the events' frame, ``Stage/startup`` on the first
    /// frame, ``Stage/fixedUpdate`` once per step owed, then the other stages of ``Stage/frame``
    /// in order (a schedule of a stage of one's own runs when its owner calls
    /// ``Schedule/run(_:deltaTime:)``). A delta that is NaN, infinite or negative counts as 0.
    /// - Throws: The first error of a stage (see ``Schedule/run(_:deltaTime:)``); the stages
    ///   after it do not run.
    public func update(deltaTime: Double) throws {
        let delta = deltaTime.isFinite ? Swift.max(0, deltaTime) : 0
        if measuresSystems {
            lastFrameDurations.removeAll(keepingCapacity: true)
            durationOffsets.removeAll(keepingCapacity: true)
        }
        for start in eventFrames { start() }
        if !startedUp {
            startedUp = true
            try run(0, delta: 0)
        }
        for _ in 0..<fixedTimestep.advance(by: delta) {
            try run(1, delta: fixedTimestep.step)
            time.value.fixedElapsed += fixedTimestep.step
        }
        for position in 2..<Stage.frame.count { try run(position, delta: delta) }
        time.value.elapsed += delta
        time.value.frame += 1
    }

    /// The conflicting pairs of systems no explicit order relates, per stage, for the stages
    /// that have any.
    /// - Throws: The errors of building a stage's graph.
    public func ambiguities() throws(ECSError) -> [(stage: Stage, pairs: [SystemAmbiguity])] {
        var found: [(stage: Stage, pairs: [SystemAmbiguity])] = []
        for stage in Stage.frame {
            guard let schedule = schedules[stage] else { continue }
            let pairs = try schedule.ambiguities()
            if !pairs.isEmpty { found.append((stage, pairs)) }
        }
        return found
    }

    /// Runs the schedule of the stage at `position` in ``Stage/frame``, if it has one, with
    /// ``Time/delta`` set to `delta`.
    private func run(_ position: Int, delta: Double) throws {
        guard let schedule = frameSchedules[position] else { return }
        let stage = Stage.frame[position]
        time.value.delta = delta
        try schedule.run(world, deltaTime: delta)
        guard measuresSystems else { return }
        let durations = schedule.lastDurations()
        if let offset = durationOffsets[stage] {
            for (position, duration) in durations.enumerated() {
                lastFrameDurations[offset + position].nanoseconds &+= duration.nanoseconds
            }
        } else {
            durationOffsets[stage] = lastFrameDurations.count
            for duration in durations {
                lastFrameDurations.append(SystemDuration(stage: stage, system: duration.system, nanoseconds: duration.nanoseconds))
            }
        }
    }
}
