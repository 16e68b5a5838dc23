extension JudgedFigure {
    /// The clock a judged time was read from.
    package enum Clock: String, Codable, Sendable {
        /// The measuring thread's CPU time.
        case cpu
        /// Monotonic wall time.
        case wall

        /// "CPU" or "wall", as the reports write it.
        package var label: String { self == .cpu ? "CPU" : "wall" }
    }
}
