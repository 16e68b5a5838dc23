import ECS

/// The game's movement: gravity pulls every body down, then each body moves and bounces off
/// the arena's walls, once per fixed step.
struct MovementPlugin: Plugin {
    /// The arena the bodies live in.
    let arena: Arena

    func build(_ app: App) throws {
        try app.world.resources.insert(arena)
        try app.addSystem("gravity", in: .fixedUpdate) { (bodies: Query<Write<Velocity>>, time: Res<Time>) in
            let dy = -9.81 * Float(time.value.delta)
            try bodies.forEachChunk { _, velocities in
                for i in velocities.indices { velocities[i].dy += dy }
            }
        }
        try app.addSystem("move", in: .fixedUpdate, after: ["gravity"]) {
            (bodies: Query<Write<Position>, Write<Velocity>>, arena: Res<Arena>, time: Res<Time>) in
            try Movement.step(bodies, arena: arena.value, dt: Float(time.value.delta))
        }
    }
}

/// One movement step over a query's chunks, shared by the plugin's system and the plain loop.
enum Movement {
    /// Moves every body by its velocity for `dt` seconds and reflects it off the walls.
    static func step(_ bodies: Query<Write<Position>, Write<Velocity>>, arena: Arena, dt: Float) throws {
        try bodies.forEachChunk { _, positions, velocities in
            for i in positions.indices {
                var p = positions[i], v = velocities[i]
                p.x += v.dx * dt
                p.y += v.dy * dt
                if p.x < 0 || p.x > arena.width { v.dx = -v.dx; p.x = min(max(p.x, 0), arena.width) }
                if p.y < 0 || p.y > arena.height { v.dy = -v.dy; p.y = min(max(p.y, 0), arena.height) }
                positions[i] = p
                velocities[i] = v
            }
        }
    }
}
