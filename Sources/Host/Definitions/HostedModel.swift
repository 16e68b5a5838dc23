import ECS

/// The state a world definition makes for each hosted world: an ECS world the host steps on
/// its fixed timestep, with playback controls for the background behaviours.
///
/// A model is confined to its host: the host calls it from one thread at a time, and never
/// runs an action while a step runs.
public protocol HostedModel: AnyObject, SendableMetatype {
    /// The ECS world; the events its bus emits under the definition's event names go to the
    /// connections subscribed to them.
    var world: World { get }
    /// Whether playback is running (steps change the world).
    var isPlaying: Bool { get }
    /// Runs one fixed step of `deltaTime` seconds.
    func step(deltaTime: Double) throws
    /// Holds the current frame.
    func pause()
    /// Continues from the current frame.
    func resume()
    /// Goes back to the start frame and stops.
    func stop()
    /// Jumps to the end frame and stops.
    func finish()
}
