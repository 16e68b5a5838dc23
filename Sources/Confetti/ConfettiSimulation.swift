import ECS
import Render

/// The confetti state machine and physics: creates the particles of a run, advances them in
/// fixed steps and provides the render states.
///
/// ```swift
/// let simulation = try ConfettiSimulation(configuration: .explosion, world: World())
/// try simulation.start(canvasSize: SIMD2(390, 844), seed: 42, at: clock.seconds)
/// simulation.update(at: clock.seconds)          // once per displayed frame
/// draw(simulation.renderStates)
/// ```
///
/// The particles live in `world`, which the caller owns (an `App`'s world, through
/// ``ConfettiPlugin``); a world holds one simulation's particles. Starting, stepping and
/// stopping change the world's structure, so a simulation is driven outside a schedule or from
/// an exclusive system.
///
/// Thread confinement: a simulation is not `Sendable` and must be used from one thread at a
/// time. With `threadCount > 1` the step and the render extraction spread fixed-size row
/// chunks over worker threads inside each call; results have the same bits for any thread
/// count.
///
/// Randomness: the initial particles of a run draw from a ``ConfettiLCG`` seeded by `start`,
/// in the draw order of `ConfettiSpawner`, so a seed reproduces a run exactly. In continuous
/// emission each respawn draws from a generator of its own, seeded with its identifier, so the
/// respawns of a step are drawn on the step's threads with the same bits.
public final class ConfettiSimulation {
    /// The validated configuration.
    public let configuration: ConfettiConfig
    /// The world the particles live in.
    public let world: World
    /// Threads used by the step and the render extraction.
    public let threadCount: Int
    /// The instruction set of the step and render kernels (the same bits on every set).
    public let kernels: KernelInstructionSet
    /// The playback state.
    public private(set) var state = State()
    /// The last error the world gave a call that does not throw (``seek(to:)``, ``stop()``, the
    /// steps of ``update(at:)``), with the world's code; nil when there was none. Outside a
    /// query loop or a non-exclusive system, where a simulation is driven, there is none.
    public private(set) var lastError: ConfettiError?
    /// The particles of the current run; `nil` while stopped.
    ///
    /// This and the render-state cache below skip the dynamic exclusivity check, so every access
    /// to them is marked `unsafe`. It holds because the simulation is confined to one thread
    /// (it is not `Sendable`) and no access to them overlaps another: none is held across a
    /// call that could reach back into the simulation.
    @exclusivity(unchecked) public private(set) var cloud: ConfettiCloud?
    /// Canvas of the current run in points (width, height); `nil` while stopped.
    public private(set) var canvasSize: SIMD2<Double>?

    private let colorSource: any ConfettiColorSource
    private let wind: WindPhaseTable
    private let renderer: ConfettiRenderer
    /// The render states last computed (empty while stopped), shared with the renderer's buffer.
    /// Unchecked exclusivity: the simulation is confined to one thread, and the cache is read on
    /// every frame (a dynamic check would cost more than the cache hit itself).
    @usableFromInline @exclusivity(unchecked) var cachedRenderStates: [ParticleRenderState] = []
    /// The ``ConfettiCloud/version`` `cachedRenderStates` were computed for; `nil` while stopped.
    @usableFromInline @exclusivity(unchecked) var cachedRenderVersion: Int?
    /// Whether ``renderStates`` was read since the last step that rendered them in its own
    /// pass: a host that draws every frame makes the next batch of steps render in the last
    /// step's pass. Unchecked exclusivity, like the cache.
    @usableFromInline @exclusivity(unchecked) var renderStatesWereRead = false
    private var timestep: FixedTimestep
    private var run: ConfettiRun?
    private var initialRun: ConfettiRun?
    private var initialParticles: (traits: [ConfettoTraits], states: [ConfettoState])?
    private var latestVersion = 0

    /// Creates a stopped simulation whose particles will live in `world`.
    ///
    /// The configuration is checked with ``ConfettiConfig/checked()`` (which also clamps
    /// out-of-range values).
    /// - Throws: `ConfettiError` `invalidArgument` for a configuration that check rejects or a
    ///   thread count below 1.
    public init(
        configuration: ConfettiConfig = .celebration,
        world: World,
        colorSource: some ConfettiColorSource = DefaultColorSource(),
        threadCount: Int = 1,
        kernels: KernelInstructionSet = .best
    ) throws(ConfettiError) {
        guard threadCount >= 1 else {
            throw ConfettiError(.invalidArgument, "thread count must be at least 1 (got \(threadCount))")
        }
        let checked = try configuration.checked()
        self.configuration = checked
        self.world = world
        self.threadCount = threadCount
        self.kernels = kernels
        self.colorSource = colorSource
        wind = WindPhaseTable(phaseScale: checked.wind.particlePhaseScale)
        renderer = ConfettiRenderer(initialCapacity: checked.lifecycle.particleCount)
        timestep = try ConfettiError.world { () throws(ECSError) in try FixedTimestep(step: checked.physics.fixedDeltaTime) }
    }

    /// Length of a burst in seconds.
    public var duration: Double { configuration.lifecycle.duration }

    /// Simulation time in seconds.
    public var currentTime: Double { state.simulationTime }

    /// Seconds of real time owed to the simulation and not yet stepped.
    public var accumulatedTime: Double { timestep.accumulator }

    /// Render states of the live particles, cached by ``ConfettiCloud/version``.
    ///
    /// While the version is unchanged every read returns the same array storage without
    /// recomputing or copying; a step (``update(at:)``, ``advance(steps:)``), ``seek(to:)``
    /// and the test hook change the version, ``stop()`` clears the cache, pausing keeps it.
    /// Empty while stopped.
    ///
    /// A cached read is inlined into the caller and lends the cached array instead of returning
    /// a copy: comparing two versions and a few loads, with no reference counting, for
    /// `renderStates.count`, a subscript or a `for` loop over it. Binding the array to a
    /// variable keeps a reference, as any array copy does.
    @inlinable
    public var renderStates: [ParticleRenderState] {
        _read {
            // SAFETY: unchecked exclusivity on one thread (see ``cloud``); the cache is lent for
            // the caller's read, during which nothing writes it.
            if unsafe cachedRenderVersion != cloud?.version {
                refreshRenderStates()
            }
            unsafe renderStatesWereRead = true
            yield unsafe cachedRenderStates
        }
    }

    /// Starts a run: creates every particle at the launch point of `canvasSize` (width,
    /// height in points) with a generator seeded by `seed`, at clock time `time`.
    ///
    /// Identifiers are derived from `seed` and the spawn number, so a seed reproduces them.
    /// Starting again while running replaces the run.
    /// - Throws: `ConfettiError` `invalidArgument` for a canvas side that is not a positive finite
    ///   number or a non-finite `time`; `capacity` when the particles do not fit.
    public func start(canvasSize: SIMD2<Double>, seed: UInt64, at time: Double = 0) throws(ConfettiError) {
        let canvas = try Self.checkedCanvas(canvasSize)
        guard time.isFinite else { throw ConfettiError(.invalidArgument, "start time must be finite (got \(time))") }
        var fresh = ConfettiRun(
            seed: seed, generator: ConfettiLCG(seed: seed), colorSource: colorSource,
            spawner: ConfettiSpawner(config: configuration, canvas: canvas)
        )
        var traits: [ConfettoTraits] = []
        var states: [ConfettoState] = []
        traits.reserveCapacity(configuration.lifecycle.particleCount)
        states.reserveCapacity(configuration.lifecycle.particleCount)
        for _ in 0..<configuration.lifecycle.particleCount {
            let (particleTraits, particleState) = fresh.makeParticle()
            traits.append(particleTraits)
            states.append(particleState)
        }
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``); `nextVersion()` has
        // returned before the write starts.
        let version = nextVersion()
        if let running = unsafe cloud, running.count == traits.count {
            // A relaunch of the same size rewrites the particles in place.
            try running.reset(traits: traits, states: states, version: version)
        } else {
            try unsafe cloud?.removeAll()
            unsafe cloud = nil
            unsafe cloud = try ConfettiCloud(world: world, traits: traits, states: states, version: version, kernels: kernels)
        }
        initialParticles = (traits, states)
        initialRun = fresh
        run = fresh
        self.canvasSize = canvas
        state = State()
        state.startTime = time
        state.lastUpdateTime = time
        timestep.reset()
    }

    /// Advances by the real time elapsed since the last update, in this order:
    /// ignored unless playing; a burst stops once the simulation time reaches the duration,
    /// or once the clock is more than `duration + 1` s past the start; the frame delta
    /// (NaN or infinite counts as 0) is clamped to `0...0.25` s and accumulated, and up to 5
    /// fixed steps run (the accumulator is dropped when more were owed).
    ///
    /// In continuous emission the two stop rules do not apply. A non-finite `time` is ignored.
    public func update(at time: Double) {
        guard state.isPlaying, let startTime = state.startTime, time.isFinite else { return }
        if configuration.lifecycle.emission == .burst {
            if state.simulationTime >= duration {
                stop()
                return
            }
            if time - startTime > duration + 1.0 {
                stop()
                return
            }
        }
        let frameDelta = time - (state.lastUpdateTime ?? time)
        state.lastUpdateTime = time
        runSteps(timestep.advance(by: frameDelta))
    }

    /// Runs `steps` fixed steps at once, ignoring the clock, pause and the stop rules: the
    /// entry point for benchmarks and offline rendering. Does nothing while stopped.
    /// - Throws: `ConfettiError` `invalidArgument` for a negative count.
    public func advance(steps: Int) throws(ConfettiError) {
        guard steps >= 0 else { throw ConfettiError(.invalidArgument, "step count must not be negative (got \(steps))") }
        guard state.isRunning else { return }
        runSteps(steps)
    }

    /// Pauses a playing simulation; otherwise does nothing.
    public func pause() {
        guard state.isRunning, !state.isPaused else { return }
        state.isPaused = true
    }

    /// Resumes a paused simulation at clock time `time`, dropping the time owed; otherwise
    /// does nothing.
    public func resume(at time: Double) {
        guard state.isRunning, state.isPaused else { return }
        state.isPaused = false
        state.lastUpdateTime = time
        timestep.reset()
    }

    /// Replays the run from its initial particles up to `time` (clamped to `0...duration`;
    /// NaN counts as 0) with `Int(time / dt)` fixed steps. It does not re-seed: the random
    /// stream restarts from where the initial particles left it. Does nothing while stopped.
    public func seek(to time: Double) {
        guard state.isRunning, let initialParticles, let initialRun else { return }
        let target = max(0, min(time, duration))
        // Cannot throw outside a query loop: the same particles were stored by a successful
        // start, and the old ones are removed first.
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``).
        let version = nextVersion()
        do throws(ConfettiError) {
            try unsafe cloud?.removeAll()
            unsafe cloud = nil
            unsafe cloud = try ConfettiCloud(
                world: world, traits: initialParticles.traits, states: initialParticles.states, version: version,
                kernels: kernels)
        } catch {
            lastError = error
        }
        run = initialRun
        state.simulationTime = 0
        timestep.reset()
        // Cannot trap: `checked()` caps the duration at `ConfettiConfig.maxDuration` and the
        // step is at least 1/240 s, so the count is at most 864,000.
        for _ in 0..<Int(target / configuration.physics.fixedDeltaTime) {
            stepOnce()
        }
    }

    /// Ends the run: resets the state, drops the particles, clears the renderer and the
    /// render-state cache. When the world refuses to remove the particles (inside one of its
    /// query loops), nothing changes and the refusal is ``lastError``; a later stop ends the run.
    public func stop() {
        // SAFETY (the accesses to `cloud` and the cache): unchecked exclusivity on one thread
        // (see ``cloud``).
        do throws(ConfettiError) {
            try unsafe cloud?.removeAll()
        } catch {
            lastError = error
            return
        }
        latestVersion = max(latestVersion, unsafe cloud?.version ?? 0)
        state = State()
        unsafe cloud = nil
        canvasSize = nil
        run = nil
        initialRun = nil
        initialParticles = nil
        renderer.clear()
        unsafe cachedRenderStates = []
        unsafe cachedRenderVersion = nil
    }

    /// Changes the canvas used by later steps.
    /// - Throws: `ConfettiError` `invalidArgument` for a side that is not a positive finite number.
    public func updateCanvasSize(_ size: SIMD2<Double>) throws(ConfettiError) {
        let canvas = try Self.checkedCanvas(size)
        if state.isRunning {
            canvasSize = canvas
        }
    }

    #if DEBUG
    /// Test hook: lets `body` mutate the cloud, then bumps its version so that the
    /// render-state cache recomputes.
    package func withCloudForTesting(_ body: (ConfettiCloud) throws -> Void) rethrows {
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``); the reference is copied
        // out before `body` runs.
        guard let cloud = unsafe cloud else { return }
        try body(cloud)
        cloud.incrementVersion()
    }
    #endif

    /// Recomputes the cached render states for the current cloud version (empty while stopped):
    /// the miss path of ``renderStates``, kept out of line.
    @usableFromInline
    func refreshRenderStates() {
        // Drop the stale array first, so that the renderer finds its buffer uniquely referenced
        // and refills it in place instead of copying it.
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``); the renderer's update
        // finishes before the cache is written.
        unsafe cachedRenderStates = []
        unsafe cachedRenderVersion = cloud?.version
        if let cloud = unsafe cloud {
            let states = renderer.update(from: cloud, threads: threadCount)
            unsafe cachedRenderStates = states
        }
    }

    /// Runs `steps` fixed steps. When the render states of the current version were read (a
    /// host drawing every frame), the last step renders them in its own pass over the columns,
    /// so that the next read finds them cached.
    private func runSteps(_ steps: Int) {
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``).
        let rendering = unsafe renderStatesWereRead && cachedRenderVersion != nil && cachedRenderVersion == cloud?.version
        if rendering && steps > 0 {
            unsafe renderStatesWereRead = false
        }
        for step in 0..<steps {
            stepOnce(rendering: rendering && step == steps - 1)
        }
    }

    /// One fixed step: time, physics, respawn or compaction, one version bump. With
    /// `rendering`, the physics pass also computes the render states, which are cached for the
    /// new version.
    private func stepOnce(rendering: Bool = false) {
        state.simulationTime += configuration.physics.fixedDeltaTime
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``); the reference is copied out.
        guard let cloud = unsafe cloud, let canvasSize else { return }
        let parameters = ConfettiStepParameters(config: configuration, canvas: canvasSize, elapsed: state.simulationTime)
        let kernel = ConfettiStepKernel(parameters: parameters, wind: wind, instructionSet: kernels)
        // Cannot fail outside a query loop: `threadCount` is validated at configuration and the
        // cloud is never scheduled; recorded in `lastError` if it does.
        var dead = 0
        do throws(ECSError) {
            if rendering {
                // Drop the cached array first, so that the renderer refills its buffer in place.
                // SAFETY: unchecked exclusivity on one thread (see ``cloud``).
                unsafe cachedRenderStates = []
                unsafe cachedRenderVersion = nil
                dead = try renderer.step(cloud, with: kernel, threads: threadCount)
            } else {
                dead = try cloud.step(kernel, threads: threadCount)
            }
        } catch {
            lastError = ConfettiError(error)
        }
        if dead > 0 {
            if configuration.lifecycle.emission == .continuous, var current = run {
                let first = current.spawnCount
                let respawned: Int
                if current.respawnsAreIndependent {
                    let respawning = current
                    respawned = cloud.respawnDead(threads: threadCount) { respawning.makeRespawn(number: first + UInt64($0)) }
                } else {
                    respawned = cloud.respawnDeadInOrder { current.makeRespawnInOrder(number: first + UInt64($0)) }
                }
                current.spawnCount += UInt64(respawned)
                run = current
            } else {
                cloud.compact()
            }
        }
        cloud.incrementVersion()
        if rendering {
            refreshRenderStates()
        }
    }

    /// A version larger than any this simulation has used, so a replaced cloud never hits a
    /// cached version (restarting at `initialCloud.version + 1` could repeat one).
    private func nextVersion() -> Int {
        // SAFETY: unchecked exclusivity on one thread (see ``cloud``).
        latestVersion = max(latestVersion, unsafe cloud?.version ?? 0) + 1
        return latestVersion
    }

    /// `size` if both sides are positive and finite.
    private static func checkedCanvas(_ size: SIMD2<Double>) throws(ConfettiError) -> SIMD2<Double> {
        guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0 else {
            throw ConfettiError(.invalidArgument, "canvas size must be positive and finite (got \(size.x) x \(size.y))")
        }
        return size
    }
}
