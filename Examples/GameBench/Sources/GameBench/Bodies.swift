import ECS

/// The bodies both scenarios move.
enum Bodies {
    /// Spawns `count` bodies at positions and velocities drawn from `seed`.
    static func spawn(_ count: Int, in world: World, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func unit() -> Float { Float(random.next() >> 40) / Float(1 << 24) }
        try world.spawn(count: count) { _ in
            (Position(x: 100 * unit(), y: 100 * unit()), Velocity(dx: 20 * unit() - 10, dy: 20 * unit() - 10))
        }
    }
}
