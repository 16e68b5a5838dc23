import Foundation
import Testing
@testable import Platform
@testable import Render
import Tiles
@testable import Tiles

/// Saves: round trips, the legacy key, every kind of corrupt save, crash safety of the file
/// store, and the rating counters.
@Suite("Tile persistence")
struct TilePersistenceTests {
    /// A fresh directory under the system's temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A playing casual game on a file store in a new directory.
    static func playingGame(in directory: String) throws -> (TileGameController, ManualClock) {
        let clock = ManualClock()
        let game = TileGameController(store: try FileKeyValueStore(directory: directory), clock: clock) { 77 }
        try game.startNewGame(dimension: 5)
        clock.advance(by: TileGameController.previewDuration)
        game.update()
        return (game, clock)
    }

    @Test(arguments: GameStatus.allCases)
    func everyStatusRoundTrips(status: GameStatus) throws {
        let (game, clock, store) = TileFixtures.controller(mode: .precision)
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        var state = game.gameState
        state.status = status
        state.moves = 3
        state.timeElapsed = 12.5
        state.selectedTileId = state.tiles.first { !$0.isFixed }!.id
        try store.set(GameStateCodec.encode(state), forKey: TileGameController.saveKey(for: .precision))
        #expect(try GameStateCodec.decode(GameStateCodec.encode(state), mode: .precision) == state)
        let (loaded, _, _) = TileFixtures.controller(mode: .casual, store: store)
        #expect(loaded.loadGameState(for: .precision) == .resumed)
        #expect(loaded.gameMode == .precision && loaded.tiles.map(\.id) == state.tiles.map(\.id))
        #expect(loaded.moves == 3 && loaded.timeElapsed == 12.5 && loaded.minMoves == state.minMoves && loaded.moveLimit == state.moveLimit)
        let expected: GameStatus = status == .animating ? .won : status
        #expect(loaded.status == expected)
        #expect(loaded.selectedTileId == (status == .playing ? state.selectedTileId : nil))
    }

    @Test func aLoadedPlayingGameRestartsItsTimerAndAPreviewShufflesAgain() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        clock.advance(by: 4)
        game.update()
        game.saveGameState()
        let (loaded, loadedClock, _) = TileFixtures.controller(store: store)
        loadedClock.set(to: 1000)
        #expect(loaded.loadGameState(for: .casual) == .resumed)
        loadedClock.advance(by: 2)
        loaded.update()
        #expect(loaded.timeElapsed == 6)

        var preview = loaded.gameState
        preview.status = .preview
        try store.set(GameStateCodec.encode(preview), forKey: TileGameController.saveKey(for: .casual))
        #expect(loaded.loadGameState(for: .casual) == .resumed)
        #expect(loaded.status == .preview)
        loadedClock.advance(by: 2.5)
        loaded.update()
        #expect(loaded.status == .playing)
    }

    @Test func aSelectionOfACornerIsDroppedOnLoad() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        var state = game.gameState
        state.selectedTileId = 0
        try store.set(GameStateCodec.encode(state), forKey: TileGameController.saveKey(for: .casual))
        #expect(game.loadGameState(for: .casual) == .resumed)
        #expect(game.selectedTileId == nil)
    }

    @Test func theLegacyCasualSaveIsReadAndMigrated() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame(dimension: 7)
        TileFixtures.shuffle(game, clock)
        var legacy = game.gameState
        legacy.gameMode = nil
        legacy.timeElapsed = nil
        legacy.minMoves = nil
        let bytes = GameStateCodec.encode(legacy)
        try store.removeValue(forKey: TileGameController.saveKey(for: .casual))
        try store.set(bytes, forKey: TileGameController.legacySaveKey)
        let (loaded, _, _) = TileFixtures.controller(store: store)
        #expect(loaded.loadGameState(for: .casual) == .resumed)
        #expect(loaded.gridDimension == 7 && loaded.tiles.map(\.id) == game.tiles.map(\.id))
        #expect(loaded.minMoves == 0 && loaded.timeElapsed == 0)
        #expect(store.values[TileGameController.legacySaveKey] == nil, "the legacy key is gone")
        let migrated = try GameStateCodec.decode(store.values[TileGameController.saveKey(for: .casual)]!, mode: .casual)
        #expect(migrated.tiles.map(\.id) == legacy.tiles.map(\.id) && migrated.gameMode == .casual)
        // Other modes never read the legacy key.
        try store.set(bytes, forKey: TileGameController.legacySaveKey)
        #expect(loaded.loadGameState(for: .pure) == .started)
    }

    @Test func clearRemovesTheModeAndLegacySaves() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        try store.set([1], forKey: TileGameController.legacySaveKey)
        game.clearGameState()
        #expect(store.values.isEmpty || store.values.keys.allSatisfy { $0.hasPrefix("level_count") || $0.hasPrefix("casual_best") })
        #expect(game.loadGameState(for: .casual) == .started)
    }

    /// A valid save's JSON as an object, to corrupt.
    static func validSaveObject() throws -> [String: Any] {
        let (game, clock, _) = TileFixtures.controller()
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        return try JSONSerialization.jsonObject(with: Data(GameStateCodec.encode(game.gameState))) as! [String: Any]
    }

    /// `object` with `change` applied, as JSON bytes.
    static func corrupted(_ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var object = try validSaveObject()
        change(&object)
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    /// The corrupt saves and a check of the error each must give.
    static func corruptSaves() throws -> [(String, [UInt8], (TileSaveError) -> Bool)] {
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        return [
            ("garbage", [0xFF, 0x00, 0x13, 0x37], { if case .notJSON = $0 { true } else { false } }),
            ("empty", [], { if case .notJSON = $0 { true } else { false } }),
            ("an array", Array("[1,2]".utf8), { if case .wrongType = $0 { true } else { false } }),
            ("moves as a string", try corrupted { $0["moves"] = "many" }, { $0 == .wrongType("moves", "Int") }),
            ("tiles as an object", try corrupted { $0["tiles"] = ["a": 1] }, { if case .wrongType("tiles", _) = $0 { true } else { false } }),
            ("missing tiles", try corrupted { $0["tiles"] = nil }, { $0 == .missingField("tiles") }),
            ("negative grid", try corrupted { $0["gridDimension"] = -4 }, { $0 == .invalidGridDimension(-4) }),
            ("absurd grid", try corrupted { $0["gridDimension"] = 1_000_000_000 }, { $0 == .invalidGridDimension(1_000_000_000) }),
            ("grid too big for Int", Array(String(decoding: try corrupted { _ in }, as: UTF8.self)
                .replacingOccurrences(of: "\"gridDimension\":4", with: "\"gridDimension\":1e300").utf8),
                // Foundation's parser refuses the number itself on some platforms.
                { switch $0 { case .wrongType("gridDimension", _), .notJSON: true; default: false } }),
            ("grid of 5 with 16 tiles", try corrupted { $0["gridDimension"] = 5 }, { $0 == .wrongTileCount(expected: 25, found: 16) }),
            ("unknown status", try corrupted { $0["status"] = "paused" }, { if case .unknownStatus = $0 { true } else { false } }),
            ("unknown mode", try corrupted { $0["gameMode"] = "zen" }, { if case .unknownMode = $0 { true } else { false } }),
            ("foreign mode", try corrupted { $0["gameMode"] = "pure" }, { $0 == .foreignMode(expected: .casual, found: .pure) }),
            ("deeply nested", deep, { $0 == .nestedTooDeep(100_000) }),
            ("nested in a field", try corrupted { $0["selectedTileId"] = Array(repeating: [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]], count: 1) },
                { if case .nestedTooDeep = $0 { true } else { false } }),
            ("too large", Array(repeating: UInt8(ascii: " "), count: GameStateCodec.maximumSize + 1), { $0 == .tooLarge(GameStateCodec.maximumSize + 1) }),
            ("duplicate tile", try corrupted { var t = $0["tiles"] as! [[String: Any]]; t[5] = t[6]; $0["tiles"] = t },
                { if case .notAPermutation = $0 { true } else { false } }),
            ("tile id out of range", try corrupted { var t = $0["tiles"] as! [[String: Any]]; t[5]["id"] = 99; t[5]["correctId"] = 99; $0["tiles"] = t },
                { if case .notAPermutation = $0 { true } else { false } }),
            ("id differs from correctId", try corrupted { var t = $0["tiles"] as! [[String: Any]]; t[5]["correctId"] = 6; $0["tiles"] = t },
                { if case .notAPermutation = $0 { true } else { false } }),
            ("an edge tile fixed", try corrupted { var t = $0["tiles"] as! [[String: Any]]; t[5]["isFixed"] = true; $0["tiles"] = t },
                { if case .invalidValue = $0 { true } else { false } }),
            ("a colour out of range", try corrupted { var t = $0["tiles"] as! [[String: Any]]; t[5]["rgb"] = ["r": 2, "g": 0, "b": 0]; $0["tiles"] = t },
                { if case .invalidValue = $0 { true } else { false } }),
            ("negative moves", try corrupted { $0["moves"] = -1 }, { if case .invalidValue("moves", _) = $0 { true } else { false } }),
            ("level 0", try corrupted { $0["currentLevel"] = 0 }, { if case .invalidValue("currentLevel", _) = $0 { true } else { false } }),
            ("negative time", try corrupted { $0["timeElapsed"] = -5 }, { if case .invalidValue("timeElapsed", _) = $0 { true } else { false } }),
            ("selected tile off the board", try corrupted { $0["selectedTileId"] = 400 }, { if case .invalidValue("selectedTileId", _) = $0 { true } else { false } }),
        ]
    }

    @Test func everyCorruptSaveStartsANewGameWithATypedErrorAndIsKeptAside() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try FileKeyValueStore(directory: directory)
        let key = TileGameController.saveKey(for: .casual)
        for (number, (name, bytes, check)) in try Self.corruptSaves().enumerated() {
            try store.set(bytes, forKey: key)
            let game = TileGameController(store: store, clock: ManualClock()) { 5 }
            let outcome = game.loadGameState(for: .casual)
            guard case .recovered(let error, let keptAs) = outcome else {
                Issue.record("\(name): \(outcome)")
                continue
            }
            #expect(check(error), "\(name): \(error)")
            #expect(keptAs == "\(directory)/\(key).corrupt-\(number + 1)", "\(name)")
            // `FileAccess`, not `FileManager.contents(atPath:)`, which leaks on an empty file.
            #expect((try? FileAccess.readFile(at: keptAs ?? "")) == bytes, "\(name): the bad save is kept whole")
            #expect(game.status == .preview && game.tiles.count == 16, "\(name): a new game")
            #expect(try store.data(forKey: key) == nil)
        }
    }

    @Test func aCrashBetweenWriteAndRenameLeavesTheOldSaveLoadable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (game, _) = try Self.playingGame(in: directory)
        let path = directory + "/" + TileGameController.saveKey(for: .casual)
        let old = try FileAccess.readFile(at: path)
        // The next save's bytes reach a temporary file, and the process dies before the rename.
        var changed = game.gameState
        changed.moves = 42
        let staged = try FileAccess.stage(GameStateCodec.encode(changed), for: path)
        #expect(staged.hasPrefix(directory + "/.") && FileManager.default.fileExists(atPath: staged))
        #expect(try FileAccess.readFile(at: path) == old)
        let restarted = TileGameController(store: try FileKeyValueStore(directory: directory), clock: ManualClock()) { 1 }
        #expect(restarted.loadGameState(for: .casual) == .resumed)
        #expect(restarted.moves == game.moves)
        // A torn temporary file is never read, and the next save replaces the old one whole.
        try Data("{\"tiles\":[{\"id\"".utf8).write(to: URL(fileURLWithPath: staged))
        restarted.saveGameState()
        #expect(restarted.lastStoreError == nil)
        #expect(try GameStateCodec.decode(FileAccess.readFile(at: path), mode: .casual).moves == game.moves)
        // The commit that did not happen would have installed the new save.
        try FileAccess.commit(FileAccess.stage(GameStateCodec.encode(changed), for: path), to: path)
        #expect(try GameStateCodec.decode(FileAccess.readFile(at: path), mode: .casual).moves == 42)
    }

    @Test func storeKeysAreChecked() throws {
        let store = InMemoryKeyValueStore()
        for key in ["", "../x", "a/b", ".hidden", "a.b", String(repeating: "k", count: 129), "é"] {
            #expect(throws: KeyValueStoreError.invalidKey(key)) { try store.set([1], forKey: key) }
        }
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = try FileKeyValueStore(directory: directory)
        #expect(throws: KeyValueStoreError.invalidKey("../escape")) { try files.set([1], forKey: "../escape") }
        try files.set([1, 2], forKey: "k")
        #expect(try files.data(forKey: "k") == [1, 2])
        try files.removeValue(forKey: "k")
        try files.removeValue(forKey: "k")
        #expect(try files.data(forKey: "k") == nil)
    }

    @Test func aStoreThatFailsNeverStopsTheGame() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (game, _) = try Self.playingGame(in: directory)
        try FileManager.default.removeItem(atPath: directory)
        try Data().write(to: URL(fileURLWithPath: directory))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try game.useHint()
        #expect(game.lastStoreError != nil)
        #expect(game.moves == 5)
    }

    @Test func rateManagerFollowsTheCodesPlusFiveAndPlusHundred() throws {
        let store = InMemoryKeyValueStore()
        let clock = ManualClock()
        let rate = RateManager(store: store, clock: clock)
        #expect(try rate.nextReviewThreshold == 10)
        for _ in 1...9 { try rate.appDidLaunch() }
        clock.advance(by: 5)
        rate.update()
        #expect(!rate.showRatePopup)
        #expect(try rate.currentLaunchCount == 9)
        try rate.appDidLaunch()
        clock.advance(by: 0.99)
        rate.update()
        #expect(!rate.showRatePopup)
        clock.advance(by: 0.01)
        rate.update()
        #expect(rate.showRatePopup)
        try rate.remindMeLater()
        #expect(!rate.showRatePopup)
        #expect(try rate.nextReviewThreshold == 15)
        let again = RateManager(store: store, clock: clock)
        for _ in 1...5 { try again.appDidLaunch() }
        clock.advance(by: 1)
        again.update()
        #expect(again.showRatePopup)
        try again.rateNow()
        #expect(try again.nextReviewThreshold == 115)
    }
}
