/// The parsed settings of a run, handed to every scenario factory.
struct RunSettings: Codable, Equatable, Sendable {
    /// Particles (or entities) per frame for scenarios that scale with a count.
    var particles: Int
    /// Measured frames per scenario.
    var frames: Int
    /// Unmeasured warmup frames per scenario.
    var warmup: Int
    /// Target frame rate; the frame budget is `1000 / fps` ms.
    var fps: Double
    /// Seed for every random choice of the run.
    var seed: UInt64
    /// Worker threads a parallel scenario may use.
    var threads: Int
    /// Where a rendering scenario writes its PNG snapshot, if asked to.
    var snapshot: String?
    /// Boards of the `tiles` scenario (`--boards`); nil for its default.
    var boards: Int?
    /// Grid dimension of the `tiles` scenario (`--grid`); nil for its default.
    var grid: Int?
    /// The `audio` scenario's settings; nil for its defaults (and in results written before
    /// the scenario existed).
    var audio: AudioSettings?

    /// The frame rate as text: "60" for a whole number, else "59.94".
    var fpsText: String {
        fps.rounded() == fps && abs(fps) < 1e9 ? String(Int(fps)) : String(fps)
    }

    /// The frame budget in milliseconds.
    var budgetMs: Double { 1000 / fps }

    /// The frame budget in nanoseconds.
    var budgetNs: Double { 1e9 / fps }
}
