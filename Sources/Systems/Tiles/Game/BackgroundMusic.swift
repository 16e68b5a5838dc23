/// A music track the game plays behind the board (the original's `AudioManager`): looped,
/// paused when the game is left, stopped on quit. The game calls it when one is given and
/// plays silently otherwise.
public protocol BackgroundMusic: AnyObject {
    /// Starts the track, or resumes it where it was paused.
    func play()
    /// Pauses the track, keeping its position.
    func pause()
    /// Stops the track and rewinds it to the start.
    func stop()
}
