/// What a hosted world does when the host enters the background. A world that stops advancing
/// also stops being ticked.
public enum BackgroundBehavior: String, Sendable, CaseIterable, Codable {
    /// Goes to the start frame and stops (``HostedModel/stop()``); stays stopped in the foreground.
    case stop
    /// Holds the current frame (``HostedModel/pause()``); stays paused in the foreground.
    case pause
    /// Holds the current frame and resumes on return to the foreground if it was playing.
    case pauseAndRestore
    /// Jumps to the end frame (``HostedModel/finish()``); stays there in the foreground.
    case forceFinish
    /// Keeps playing and ticking in the background.
    case continuePlaying
}
