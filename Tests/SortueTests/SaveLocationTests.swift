import Testing

@testable import Sortue

/// Where `sortue` saves by default.
struct SaveLocationTests {
    @Test func xdgDataHomeWinsWhenAbsolute() throws {
        #expect(try SaveLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]) == "/data/sortue")
        #expect(try SaveLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/a"]) == "/home/a/.local/share/sortue")
        #expect(try SaveLocation.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/sortue")
    }

    @Test func noHomeIsAnError() {
        #expect(throws: SortueError.self) { try SaveLocation.defaultDirectory(environment: [:]) }
    }
}
