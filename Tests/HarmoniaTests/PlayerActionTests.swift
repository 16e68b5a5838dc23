import TerminalUI
import Testing

@testable import Harmonia

/// Which key does what.
struct PlayerActionTests {
    @Test func theDocumentedKeys() {
        let expected: [(TerminalKey, PlayerAction)] = [
            (.character(" "), .togglePlayback), (.character("n"), .next), (.character("p"), .previous),
            (.left, .seek(by: -5)), (.right, .seek(by: 5)),
            (.character("+"), .changeVolume(by: 0.05)), (.character("="), .changeVolume(by: 0.05)),
            (.character("-"), .changeVolume(by: -0.05)), (.character("r"), .cycleRepeat), (.character("s"), .cycleSort),
            (.character("d"), .removeHighlighted), (.delete, .removeHighlighted), (.backspace, .removeHighlighted),
            (.up, .moveHighlight(by: -1)), (.character("k"), .moveHighlight(by: -1)),
            (.down, .moveHighlight(by: 1)), (.character("j"), .moveHighlight(by: 1)),
            (.pageDown, .moveHighlight(by: 10)), (.home, .highlightEdge(last: false)), (.character("G"), .highlightEdge(last: true)),
            (.enter, .playHighlighted), (.suspend, .suspend), (.character("q"), .quit),
        ]
        for (key, action) in expected { #expect(PlayerAction(key) == action, "\(key)") }
    }

    @Test func otherKeysDoNothing() {
        for key: TerminalKey in [.character("x"), .character("Q"), .character("1"), .character("N")] {
            #expect(PlayerAction(key) == nil)
        }
    }
}
