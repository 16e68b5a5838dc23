import ECS
import Host
import HostExamples
import Tiles
import Testing

@Suite struct TileWorldTests {
    /// One `moved` event.
    private struct Move: Equatable, Sendable {
        let slots: [Int]
        let moves: Int
        let status: String
    }

    /// One `won` event.
    private struct Win: Equatable, Sendable {
        let moves: Int
        let minMoves: Int
        let seconds: Double
        let level: Int
    }

    /// A host serving the tile world on a virtual clock.
    private func host() throws -> (clock: VirtualClock, host: WorldHost) {
        let clock = VirtualClock()
        let host = WorldHost(clock: clock)
        try host.register(TileWorld.definition())
        return (clock, host)
    }

    /// A mounted handle on game `key`, recording its `moved` and `won` events.
    private func join(_ host: WorldHost, key: String = "table", input: (any Encodable)? = nil) throws
        -> (handle: ActorObservable, moves: Recorder<Move>, wins: Recorder<Win>) {
        let handle = try HostClient(host: host).actor("tiles", key: key, createWithInput: input)
        let moves = Recorder<Move>(), wins = Recorder<Win>()
        handle.onEvent("moved") { (a: Int, b: Int, count: Int, status: String) in
            moves.append(Move(slots: [a, b], moves: count, status: status))
        }
        handle.onEvent("won") { (count: Int, minimum: Int, seconds: Double, level: Int) in
            wins.append(Win(moves: count, minMoves: minimum, seconds: seconds, level: level))
        }
        handle.mount()
        return (handle, moves, wins)
    }

    /// The first slot, in slot order, whose tile belongs elsewhere.
    private func firstMisplaced(_ state: TileWorldState) -> Int? {
        state.tileIDs.indices.first { !state.fixedSlots.contains($0) && state.tileIDs[$0] != $0 }
    }

    @Test func aSeededBoardSolvedThroughActionsMovesInOrderAndWinsOnce() async throws {
        let (clock, host) = try host()
        let (handle, moves, wins) = try join(host, input: TileWorldInput(mode: .precision, level: 1))
        let shuffles = Recorder<[Int]>()
        handle.onEvent("shuffled") { (minimum: Int, limit: Int) in shuffles.append([minimum, limit]) }
        let early = await actorError { let _: Int? = try await handle.action("select", 1) }
        #expect(early?.code == "action_failed")
        #expect(early?.message.contains("only while playing") == true)
        try clock.advance(seconds: 3)

        // The board is the one the game's own controller deals for precision level 1.
        let reference = ManualClock()
        let direct = TileGameController(store: InMemoryKeyValueStore(), clock: reference, mode: .precision)
        try direct.startNewGame()
        reference.advance(by: 3)
        direct.update()
        let start: TileWorldState = try await handle.action("state")
        #expect(start.status == .playing)
        #expect(start.tileIDs == direct.tiles.map(\.id))
        #expect(start.colours == direct.tiles.map(\.rgb))
        #expect(start.minMoves == direct.minMoves && start.minMoves > 0)
        #expect(shuffles.all == [[direct.minMoves, direct.moveLimit]])

        // Cycle sort: each swap brings the tile that belongs in `slot` there, the fewest swaps.
        var ids = start.tileIDs
        var expected: [Move] = []
        for slot in ids.indices where !start.fixedSlots.contains(slot) && ids[slot] != slot {
            let from = try #require(ids.firstIndex(of: slot))
            let selected: Int? = try await handle.action("select", from)
            #expect(selected == from)
            let after: Int? = try await handle.action("select", slot)
            #expect(after == nil)
            ids.swapAt(from, slot)
            expected.append(Move(slots: [min(from, slot), max(from, slot)], moves: expected.count + 1, status: "playing"))
        }
        try #require(!expected.isEmpty)
        let last = expected.removeLast()
        expected.append(Move(slots: last.slots, moves: last.moves, status: "animating"))
        #expect(moves.all == expected)
        #expect(expected.count == start.minMoves)

        // The win is announced when the 2 s win animation ends on the host's clock.
        try clock.advance(seconds: 1.9)
        #expect(wins.all.isEmpty)
        try clock.advance(seconds: 0.2)
        try clock.advance(seconds: 5)
        let end: TileWorldState = try await handle.action("state")
        #expect(end.status == .won)
        #expect(end.tileIDs == Array(end.tileIDs.indices))
        #expect(end.colours == direct.tiles.sorted { $0.id < $1.id }.map(\.rgb))  // the ECS board followed
        #expect(wins.all == [Win(moves: start.minMoves, minMoves: start.minMoves, seconds: end.secondsPlayed, level: 1)])
    }

    @Test func aHintSendsTheFirstMisplacedTileHomeForFiveMoves() async throws {
        let (clock, host) = try host()
        let (handle, moves, _) = try join(host, input: TileWorldInput(dimension: 5, seed: 9))
        try clock.advance(seconds: 3)
        let before: TileWorldState = try await handle.action("state")
        #expect(before.dimension == 5)
        let slot = try #require(firstMisplaced(before))
        let target = before.tileIDs[slot]
        let made: Int = try await handle.action("hint")
        #expect(made == 5)
        let after: TileWorldState = try await handle.action("state")
        #expect(after.tileIDs[target] == target)  // the misplaced tile went home
        #expect(after.secondsPlayed >= before.secondsPlayed + 30)
        #expect(moves.all == [Move(slots: [min(slot, target), max(slot, target)], moves: 5, status: "playing")])
        // Casual locks a tile in its place.
        let locked = await actorError { let _: Int? = try await handle.action("select", target) }
        #expect(locked?.code == "action_failed")
        #expect(locked?.message.contains("already in place") == true)
    }

    @Test func precisionEndsTheGameAtTheMoveLimit() async throws {
        let (clock, host) = try host()
        let (handle, moves, wins) = try join(host, input: TileWorldInput(mode: .precision, level: 1))
        try clock.advance(seconds: 3)
        let start: TileWorldState = try await handle.action("state")
        let ids = start.tileIDs
        // Two misplaced tiles neither of which belongs in the other's slot: swapping them back
        // and forth never places a tile.
        let loose = ids.indices.filter { !start.fixedSlots.contains($0) && ids[$0] != $0 }
        let pair = loose.flatMap { a in loose.map { b in (a, b) } }.first { a, b in a < b && ids[a] != b && ids[b] != a }
        let (a, b) = try #require(pair)
        for _ in 0..<start.moveLimit {
            let _: Int? = try await handle.action("select", a)
            let _: Int? = try await handle.action("select", b)
        }
        #expect(moves.all.map(\.moves) == Array(1...start.moveLimit))
        #expect(moves.all.dropLast().allSatisfy { $0.status == "playing" })
        #expect(moves.all.last?.status == "gameOver")
        let late = await actorError { let _: Int? = try await handle.action("select", a) }
        #expect(late?.message.contains("status is gameOver") == true)
        try clock.advance(seconds: 5)
        #expect(wins.all.isEmpty)
    }

    @Test func refusedMovesAndBadArgumentsThrowTypedErrors() async throws {
        let (clock, host) = try host()
        let (handle, moves, _) = try join(host)
        let early = await actorError { let _: Int = try await handle.action("hint") }
        #expect(early?.code == "action_failed")
        try clock.advance(seconds: 3)
        let outside = await actorError { let _: Int? = try await handle.action("select", 16) }
        #expect(outside?.code == "action_failed")
        #expect(outside?.message.contains("slot 16 is outside the board") == true)
        let negative = await actorError { let _: Int? = try await handle.action("select", -1) }
        #expect(negative?.message.contains("slot -1 is outside the board") == true)
        let corner = await actorError { let _: Int? = try await handle.action("select", 15) }
        #expect(corner?.message.contains("is a fixed corner") == true)
        let word = await actorError { let _: Int? = try await handle.action("select", "a") }
        #expect(word?.code == "invalid_arguments")
        let extra = await actorError { let _: Int? = try await handle.action("select", 1, 2) }
        #expect(extra?.code == "invalid_arguments")
        #expect(moves.all.isEmpty)
        let state: TileWorldState = try await handle.action("state")
        #expect(state.moves == 0 && state.selectedSlot == nil)
    }

    @Test func aBadCreationInputFailsTheConnection() throws {
        let (_, host) = try host()
        let inputs: [(key: String, input: any Encodable)] = [
            ("mode", JSONValue.object(["mode": "chess"])),
            ("small", TileWorldInput(dimension: 3)),
            ("large", TileWorldInput(dimension: 13)),
            ("level", TileWorldInput(mode: .pure, level: 0)),
            ("casual-level", TileWorldInput(level: 2)),
            ("ladder-size", TileWorldInput(mode: .precision, dimension: 6)),
        ]
        for (key, input) in inputs {
            let (handle, _, _) = try join(host, key: key, input: input)
            #expect(handle.connStatus == .disconnected, "\(key)")
            #expect(handle.error?.code == "create_failed", "\(key)")
        }
        #expect(host.worldHashes.isEmpty)
    }

    @Test func aLevelSetsTheGridAndTheSeed() async throws {
        let (_, host) = try host()
        let (handle, _, _) = try join(host, input: TileWorldInput(mode: .pure, level: 23))
        let state: TileWorldState = try await handle.action("state")
        #expect(state.level == 23 && state.dimension == 6 && state.mode == .pure)
        #expect(state.fixedSlots == [0, 5, 30, 35])
    }

    @Test func handlesWithTheSameKeyShareOneGameAndOtherKeysDoNot() async throws {
        let (clock, host) = try host()
        let (first, firstMoves, _) = try join(host)
        let (second, secondMoves, _) = try join(host, input: TileWorldInput(dimension: 8))
        let (other, otherMoves, _) = try join(host, key: "other")
        try clock.advance(seconds: 3)
        let board: TileWorldState = try await first.action("state")
        #expect(board.dimension == 4)  // the second input came after the game existed
        let slot = try #require(firstMisplaced(board))
        let from = try #require(board.tileIDs.firstIndex(of: slot))
        let _: Int? = try await first.action("select", from)
        let seen: TileWorldState = try await second.action("state")
        #expect(seen.selectedSlot == from)
        let _: Int? = try await second.action("select", slot)
        let move = Move(slots: [min(from, slot), max(from, slot)], moves: 1, status: "playing")
        #expect(firstMoves.all == [move] && secondMoves.all == [move])
        let apart: TileWorldState = try await other.action("state")
        #expect(apart.moves == 0 && apart.selectedSlot == nil)
        #expect(otherMoves.all.isEmpty)
        #expect(host.worldHashes.count == 2)
    }

    @Test func theGameClockStopsInTheBackground() async throws {
        let (clock, host) = try host()
        let (handle, _, _) = try join(host)
        host.enterBackground()
        try clock.advance(seconds: 10)
        let held: TileWorldState = try await handle.action("state")
        #expect(held.status == .preview)
        host.enterForeground()
        try clock.advance(seconds: 3)
        let playing: TileWorldState = try await handle.action("state")
        #expect(playing.status == .playing)
    }
}
