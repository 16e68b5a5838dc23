/// A named phase of an ``App``'s frame, with a schedule of its own.
///
/// A frame runs ``startup`` once (the first frame only), ``fixedUpdate`` as many times as the
/// fixed timestep owes (0 or more), then ``update``, ``postUpdate`` and ``render``. Commands
/// recorded in a stage are applied before the next stage starts.
public struct Stage: Hashable, Sendable, CustomStringConvertible {
    /// The stage's name.
    public let name: String

    /// A stage named `name`.
    public init(_ name: String) { self.name = name }

    /// Runs once, before the first frame's other stages: spawning, loading.
    public static let startup = Stage("startup")
    /// Runs once per fixed step owed by the frame's time (``FixedTimestep``): simulation.
    public static let fixedUpdate = Stage("fixedUpdate")
    /// Runs once per frame: game logic, input.
    public static let update = Stage("update")
    /// Runs once per frame after ``update``: caches, derived data.
    public static let postUpdate = Stage("postUpdate")
    /// Runs once per frame last: drawing, mixing, output.
    public static let render = Stage("render")

    /// The stages of a frame, in run order.
    public static let frame: [Stage] = [.startup, .fixedUpdate, .update, .postUpdate, .render]

    /// The name.
    public var description: String { name }
}
