/// The ``RunningSystem`` of one position in a ``Schedule``, made once when the system is added
/// so that running it allocates nothing. Only the schedule's thread writes it, before a batch
/// starts; the thread running the position reads it through ``RunningSystem/current``.
final class RunningSystemSlot {
    /// The system, its declared access and the world it last ran on.
    var system: RunningSystem
    /// The system's command buffer, where a `set` it makes records its observers' event.
    let commands: Commands

    /// A slot for `system`, which records its structural changes in `commands`.
    init(_ system: RunningSystem, commands: Commands) {
        self.system = system
        self.commands = commands
    }
}
