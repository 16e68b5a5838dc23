extension ConfettiSimulation {
    /// The playback state machine.
    ///
    /// Stopped (never started, or stopped) → ``ConfettiSimulation/start(canvasSize:seed:at:)``
    /// → playing ⇄ paused (``ConfettiSimulation/pause()``, ``ConfettiSimulation/resume(at:)``)
    /// → stopped (``ConfettiSimulation/stop()``, or the end of a burst in
    /// ``ConfettiSimulation/update(at:)``).
    public struct State: Hashable, Sendable {
        /// Clock time of the start; `nil` while stopped.
        public var startTime: Double?
        /// Clock time of the last update (or of the start or resume).
        public var lastUpdateTime: Double?
        /// Simulation time advanced by fixed steps, in seconds.
        public var simulationTime: Double = 0
        /// Whether the simulation is paused.
        public var isPaused = false

        /// A stopped state.
        public init() {}

        /// Whether the simulation was started and not stopped.
        public var isRunning: Bool { startTime != nil }

        /// Whether the simulation is running and not paused.
        public var isPlaying: Bool { isRunning && !isPaused }
    }
}
