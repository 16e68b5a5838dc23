/// A reusable piece of an ``App``: the components, resources, events and systems of one
/// feature (confetti particles, a tile puzzle, audio), registered together.
///
/// ```swift
/// struct GravityPlugin: Plugin {
///     func build(_ app: App) throws {
///         try app.insertResource(Gravity(dy: -9.8))
///         try app.addSystem("gravity", in: .fixedUpdate) { (q: Query<Write<Velocity>>, g: Res<Gravity>, time: Res<Time>) in
///             try q.forEachChunk { _, velocities in
///                 for i in velocities.indices { velocities[i].dy += Float(g.value.dy * time.value.delta) }
///             }
///         }
///     }
/// }
/// ```
public protocol Plugin {
    /// The plugin's name in errors; an app holds one plugin of each name.
    var name: String { get }
    /// Registers the plugin's parts with `app`.
    func build(_ app: App) throws
}

extension Plugin {
    /// The type's name.
    public var name: String { String(describing: Self.self) }
}
