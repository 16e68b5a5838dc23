/// Where a game is in its life.
public enum GameStatus: String, Codable, Sendable, CaseIterable {
    /// The solved board is shown before the shuffle (2.5 s).
    case preview
    /// The player can select and swap tiles.
    case playing
    /// The board was solved; the win animation plays for 2 s.
    case animating
    /// The game was won.
    case won
    /// Precision mode ran out of moves.
    case gameOver
}
