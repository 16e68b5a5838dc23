#if RemoteHost
import Platform
import Host
import Testing

@testable import HostRemote

/// Until a socket has opened, openers take turns; after that nobody waits.
@Suite struct FirstSocketGateTests {
    /// Starts an opener that records `label` once through the gate and keeps its turn.
    private func opener(_ gate: FirstSocketGate, _ label: Int, into order: Locked<[Int]>) -> Task<FirstSocketGate.Turn?, Never> {
        Task {
            let turn = await gate.enter()
            order.withLock { $0.append(label) }
            return turn
        }
    }

    @Test func openersTakeTurnsUntilASocketOpens() async throws {
        let gate = FirstSocketGate()
        let order = Locked<[Int]>([])
        let first = try #require(await gate.enter())
        let second = opener(gate, 2, into: order)
        try await Task.sleep(for: .milliseconds(50))
        #expect(order.withLock { $0 }.isEmpty, "a second opener went through while the first held its turn")
        first.end(opened: false)
        let secondTurn = try #require(await second.value, "a failed first socket hands over a turn, not an open gate")
        let third = opener(gate, 3, into: order)
        let fourth = opener(gate, 4, into: order)
        try await Task.sleep(for: .milliseconds(50))
        #expect(order.withLock { $0 } == [2])
        secondTurn.end(opened: true)
        secondTurn.end(opened: false)  // only the first end counts
        try await waitUntil("three openers through the gate") { order.withLock { $0.count } == 3 }
        #expect(Set(order.withLock { $0 }) == [2, 3, 4])
        let thirdTurn = await third.value, fourthTurn = await fourth.value
        #expect(thirdTurn == nil && fourthTurn == nil, "once a socket opened there is no turn to end")
        #expect(await gate.enter() == nil)
    }

    @Test func aTurnEndedWithNobodyWaitingFreesTheGate() async throws {
        let gate = FirstSocketGate()
        let turn = try #require(await gate.enter())
        turn.end(opened: false)
        let next = try #require(await gate.enter(), "the gate stays closed for the next opener until a socket opens")
        next.end(opened: true)
        #expect(await gate.enter() == nil)
    }
}
#endif
