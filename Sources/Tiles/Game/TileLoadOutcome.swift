/// What ``TileGameController/loadGameState(for:)`` did.
public enum TileLoadOutcome: Equatable, Sendable {
    /// The saved game was restored.
    case resumed
    /// There was no save, so a new game started.
    case started
    /// The save was unusable: a new game started, and the bad save was kept aside under
    /// `keptAs` (nil when the store could not move it, in which case it stays where it was).
    case recovered(TileSaveError, keptAs: String?)
}
