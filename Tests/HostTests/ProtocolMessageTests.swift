import ECS
import Foundation
import Host
import Testing

/// The message model survives JSON text, as the remote transport will carry it.
@Suite struct ProtocolMessageTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func clientMessagesSurviveJSON() throws {
        let options = try ActorOptions("counter", key: ["a", "b"], params: ["p": 1], createWithInput: UInt64.max, createInRegion: "eu")
        let connect = ConnectRequest(options: options, subscriptions: ["steps"])
        #expect(try roundTrip(connect) == connect)
        #expect(connect.hash == options.hash)
        let action = ActionRequest(id: UInt64.max, name: "add", args: [1, "x", nil, [true]])
        #expect(try roundTrip(action) == action)
        let subscription = SubscriptionRequest(eventName: "steps", subscribe: false)
        #expect(try roundTrip(subscription) == subscription)
    }

    @Test func hostMessagesSurviveJSON() throws {
        let failure = ActorError(group: "world", code: "action_failed", message: "no", metadata: ["action": "add"])
        let answers = [ActionResponse(id: 1, output: 5), ActionResponse(id: 2, error: failure)]
        for answer in answers { #expect(try roundTrip(answer) == answer) }
        #expect(answers[0].result == .success(5))
        #expect(answers[1].result == .failure(failure))
        let messages: [ServerMessage] = [
            .initialized(InitMessage(actorID: "counter:a:", connectionID: 3, region: "eu-west")),
            .event(EventMessage(name: "move", args: [1.5, -2])),
            .error(failure),
            .closed(nil),
            .closed(failure),
        ]
        for message in messages { #expect(try roundTrip(message) == message) }
    }

    /// A response holding both an output and an error (the host-frame fuzz target's regression
    /// input) would settle its action with one of two answers: it is refused.
    @Test func aResponseWithAnOutputAndAnErrorIsRefused() throws {
        let both = try Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/host-frame/response-with-output-and-error.json"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HostFrame.self, from: both) }
        let outputOnly = Data(#"{"type":"response","id":2,"output":3}"#.utf8)
        #expect(try JSONDecoder().decode(HostFrame.self, from: outputOnly) == .response(ActionResponse(id: 2, output: 3)))
        let neither = Data(#"{"type":"response","id":2}"#.utf8)
        guard case .response(let answer) = try JSONDecoder().decode(HostFrame.self, from: neither) else {
            Issue.record("not a response")
            return
        }
        #expect(answer.result == .success(.null))
    }
}
