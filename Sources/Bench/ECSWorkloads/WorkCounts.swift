import BenchKit

/// The work an ECS workload did over every frame run on it (warm-up and probe frames
/// included), for comparing implementations: the same workload, size and frame count must do
/// exactly the same work.
struct WorkCounts: Equatable, Sendable {
    /// Frames run.
    var frames = 0
    /// Entity updates: each entity a frame's system writes, counted once per system (for
    /// `add_remove`, each entity that gets `B` and loses it again).
    var updated = 0
    /// Entities spawned by the frames (not those the workload starts with).
    var spawned = 0
    /// Entities destroyed by the frames (`simple_insert` drops its world, destroying none).
    var destroyed = 0

    /// Adds one frame's work.
    mutating func addFrame(updated: Int = 0, spawned: Int = 0, destroyed: Int = 0) {
        frames += 1
        self.updated += updated
        self.spawned += spawned
        self.destroyed += destroyed
    }
}
