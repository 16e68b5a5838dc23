import ECS

/// The state a world definition makes for each hosted world: what the host steps on its fixed
/// timestep (an ECS world, an app), with playback controls for the background behaviours, and
/// the event bus its events leave by.
///
/// A model is confined to its host: the host calls it from one thread at a time, and never
/// runs an action while a step runs.
public protocol HostedModel: AnyObject, SendableMetatype {
    /// The events the model emits; those under the definition's event names go to the
    /// connections subscribed to them.
    var events: EventBus { get }
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
