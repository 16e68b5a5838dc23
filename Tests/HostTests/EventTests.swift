import ECS
import Host
import Testing

@Suite struct EventTests {
    /// Makes the world emit `name` with `args`.
    private func emit(_ handle: ActorObservable, _ name: String, _ args: [JSONValue]) async throws {
        let _: Int = try await handle.action("emit", name, args)
    }

    @Test func typedHandlersOfEveryArityReceiveTheirArguments() async throws {
        let handle = try HostFixture().mounted()
        let seen = Recorder<String>()
        handle.onEvent("tick") { () in seen.append("0") }
        handle.onEvent("message") { (a: String) in seen.append("1:\(a)") }
        handle.onEvent("pair") { (a: Int, b: Double) in seen.append("2:\(a),\(b)") }
        handle.onEvent("triple") { (a: String, b: Int, c: Bool) in seen.append("3:\(a),\(b),\(c)") }
        handle.onEvent("four") { (a: Int, b: Int, c: Int, d: Int) in seen.append("4:\(a + b + c + d)") }
        handle.onEvent("five") { (a: Int, b: Int, c: Int, d: Int, e: String) in seen.append("5:\(a + b + c + d),\(e)") }
        try await emit(handle, "tick", [])
        try await emit(handle, "message", ["hi"])
        try await emit(handle, "pair", [1, 2.5])
        try await emit(handle, "triple", ["t", 3, true])
        try await emit(handle, "four", [1, 2, 3, 4])
        try await emit(handle, "five", [1, 2, 3, 4, "e"])
        #expect(seen.all == ["0", "1:hi", "2:1,2.5", "3:t,3,true", "4:10", "5:10,e"])
        #expect(handle.error == nil)
    }

    @Test func aRawHandlerReceivesAnyArity() async throws {
        let handle = try HostFixture().mounted()
        let seen = Recorder<[JSONValue]>()
        handle.onRawEvent("five") { seen.append($0) }
        let six: [JSONValue] = [1, 2, 3, 4, 5, 6]
        try await emit(handle, "five", six)
        try await emit(handle, "five", [])
        #expect(seen.all == [six, []])
    }

    @Test func aNonArrayPayloadIsOneArgument() async throws {
        let handle = try HostFixture().mounted()
        let seen = Recorder<Int>()
        handle.onEvent("message") { (value: Int) in seen.append(value) }
        let _: Bool = try await handle.action("emitPayload", "message", JSONValue.int(42))
        #expect(seen.all == [42])
    }

    @Test func everyArityMismatchIsADecodeErrorNamingTheEvent() async throws {
        let handle = try HostFixture().mounted()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        let delivered = Recorder<Int>()
        handle.onEvent("tick") { () in delivered.append(0) }
        handle.onEvent("message") { (_: Int) in delivered.append(1) }
        handle.onEvent("pair") { (_: Int, _: Int) in delivered.append(2) }
        handle.onEvent("triple") { (_: Int, _: Int, _: Int) in delivered.append(3) }
        handle.onEvent("four") { (_: Int, _: Int, _: Int, _: Int) in delivered.append(4) }
        handle.onEvent("five") { (_: Int, _: Int, _: Int, _: Int, _: Int) in delivered.append(5) }
        try await emit(handle, "tick", [1])
        try await emit(handle, "message", [])
        try await emit(handle, "pair", [1])
        try await emit(handle, "triple", [1, 2, 3, 4])
        try await emit(handle, "four", [1, 2, 3])
        try await emit(handle, "five", [1, 2, 3, 4, 5, 6])
        #expect(delivered.all.isEmpty)
        let all = errors.all
        #expect(all.map(\.code) == Array(repeating: "decode_error", count: 6))
        #expect(all.allSatisfy { $0.group == "client" })
        #expect(all.map { $0.metadata?.objectField("event") } == ["tick", "message", "pair", "triple", "four", "five"])
        #expect(all[0].message == "failed to decode event tick")
        #expect(all[0].metadata?.objectField("detail") == "expected 0 args, received 1")
        #expect(all[5].metadata?.objectField("detail") == "expected 5 args, received 6")
        #expect(handle.error == all.last)
    }

    @Test func aWrongTypeIsADecodeErrorAndOtherSubscribersStillGetTheEvent() async throws {
        let handle = try HostFixture().mounted()
        let errors = Recorder<ActorError>()
        handle.onError { errors.append($0) }
        let typed = Recorder<Int>()
        let raw = Recorder<[JSONValue]>()
        handle.onEvent("pair") { (a: Int, _: Int) in typed.append(a) }
        handle.onRawEvent("pair") { raw.append($0) }
        try await emit(handle, "pair", [1, "two"])
        #expect(typed.all.isEmpty)
        #expect(raw.all == [[1, "two"]])
        #expect(errors.all.first?.metadata?.objectField("detail") == "argument 1 is not a valid Int")
    }

    @Test func aRemovedHandlerGetsNothing() async throws {
        let handle = try HostFixture().mounted()
        let seen = Recorder<String>()
        let subscription = handle.onEvent("message") { (text: String) in seen.append(text) }
        try await emit(handle, "message", ["a"])
        handle.removeEventHandler(subscription)
        try await emit(handle, "message", ["b"])
        #expect(seen.all == ["a"])
    }

    @Test func streamsCarryOneValueTuplesVoidAndRaw() async throws {
        let handle = try HostFixture().mounted()
        let single = handle.events("message", as: String.self)
        let void = handle.events("tick", as: Void.self)
        let pairs = handle.events("pair", as: (Int, String).self)
        let triples = handle.events("triple", as: (Int, Int, Bool).self)
        let raw = handle.rawEvents("five")
        try await emit(handle, "message", [1])  // dropped: not a String
        try await emit(handle, "message", ["m"])
        try await emit(handle, "tick", [])
        try await emit(handle, "pair", [1, "p"])
        try await emit(handle, "triple", [1, 2, false])
        try await emit(handle, "five", [1])
        #expect(await first(1, of: single) == ["m"])
        #expect(await first(1, of: void).count == 1)
        let pair = try #require(await first(1, of: pairs).first)
        #expect(pair.0 == 1 && pair.1 == "p")
        let triple = try #require(await first(1, of: triples).first)
        #expect(triple.0 == 1 && triple.1 == 2 && triple.2 == false)
        #expect(await first(1, of: raw) == [[1]])
        #expect(handle.error?.code == "decode_error")
    }

    @Test func subscribingBeforeMountingReceivesFromTheFirstFrame() throws {
        let fixture = try HostFixture()
        let handle = try fixture.client.actor("counter", key: "main")
        let steps = Recorder<Int>()
        handle.onEvent("steps") { (step: Int) in steps.append(step) }
        handle.mount()
        try fixture.advance(0.05)
        #expect(steps.all == [1, 2, 3])
    }

    @Test func unsubscribedEventsAreCountedAsDropped() async throws {
        let fixture = try HostFixture()
        let handle = try fixture.mounted()
        try await emit(handle, "message", ["nobody listens"])
        let diagnostics = try #require(fixture.host.diagnostics(for: handle.hash))
        #expect(diagnostics[.eventsDropped] == 1)
        #expect(diagnostics[.eventsSent] == 0)
    }
}
