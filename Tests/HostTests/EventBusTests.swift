import ECS
import Foundation
import Testing
@testable import Host

@Suite struct EventBusTests {
    @Test func typedSubscribersReceiveGoodEventsInOrder() {
        let bus = EventBus()
        let moves = Recorder<String>()
        bus.subscribe("move") { (x: Double, y: Double) in moves.append("\(x),\(y)") }
        bus.emit("move", [1, 2])
        bus.emit("move", [3.5, -4])
        bus.emit("other", [9, 9])
        #expect(moves.all == ["1.0,2.0", "3.5,-4.0"])
    }

    /// Trailing optional arguments may be left out (they read as null); a required one may not.
    @Test func trailingOptionalArgumentsMayBeLeftOut() {
        let bus = EventBus()
        let received = Recorder<String>()
        let errors = Recorder<ActorError>()
        bus.onError { errors.append($0) }
        bus.subscribe("start") { (name: String, seed: Int?) in received.append("\(name) \(seed.map(String.init) ?? "none")") }
        bus.emit("start", ["a"])
        bus.emit("start", ["b", nil])
        bus.emit("start", ["c", 7])
        bus.emit("start", [])
        bus.subscribe("value") { (_: JSONValue) in received.append("value") }
        bus.emit("value", [])
        #expect(received.all == ["a none", "b none", "c 7"])
        #expect(errors.all.map(\.detail) == ["expected 2 args, received 0", "expected 1 args, received 0"])
    }

    @Test func arityAndTypeMismatchesDropTheEventAndReportDecodeError() {
        let bus = EventBus()
        let received = Recorder<String>()
        let errors = Recorder<ActorError>()
        bus.onError { errors.append($0) }
        bus.subscribe("triple") { (a: String, b: Int, c: Bool) in received.append("\(a)\(b)\(c)") }
        bus.emit("triple", ["a", 1])
        bus.emit("triple", ["a", 1, true, 4])
        bus.emit("triple", ["a", "not a number", true])
        bus.emit("triple", ["a", 1, true])
        #expect(received.all == ["a1true"])
        #expect(errors.all.count == 3)
        #expect(errors.all.allSatisfy { $0.code == "decode_error" && $0.group == "client" })
        #expect(errors.all.allSatisfy { $0.metadata == .object(["event": "triple", "detail": .string($0.detail ?? "")]) })
        #expect(errors.all[0].detail == "expected 3 args, received 2")
        #expect(errors.all[1].detail == "expected 3 args, received 4")
        #expect(errors.all[2].message.contains("failed to decode event triple"))
        #expect(bus.decodeErrors == 3)
    }

    @Test func nonArrayPayloadIsOneArgumentAndZeroArityWorks() {
        let bus = EventBus()
        let counts = Recorder<Int>()
        let ticks = Recorder<Int>()
        bus.subscribe("newCount") { (count: Int) in counts.append(count) }
        bus.subscribe("tick") { () in ticks.append(1) }
        bus.emit("newCount", 7)
        bus.emit("tick", [])
        bus.emit("tick", 1)
        #expect(counts.all == [7])
        #expect(ticks.all == [1])
    }

    @Test func rawSubscribersSeeAnyPayloadAndUnsubscribeStops() {
        let bus = EventBus()
        let raw = Recorder<[JSONValue]>()
        let subscription = bus.subscribeRaw("e") { raw.append($0) }
        bus.emit("e", ["x", nil, ["k": 1]])
        bus.unsubscribe(subscription)
        bus.emit("e", [1])
        #expect(raw.all == [["x", nil, ["k": 1]]])
    }

    @Test func asyncStreamDeliversDecodedEvents() async {
        let bus = EventBus()
        let stream = bus.stream("count", as: Int.self)
        bus.emit("count", 1)
        bus.emit("count", "bad")
        bus.emit("count", 2)
        var received: [Int] = []
        for await value in stream {
            received.append(value)
            if received.count == 2 { break }
        }
        #expect(received == [1, 2])
    }

    @Test func integersAndEntitiesArriveBitForBit() throws {
        let bus = EventBus()
        let received = Recorder<String>()
        let errors = Recorder<ActorError>()
        bus.onError { errors.append($0) }
        bus.subscribe("hit") { (target: Entity, big: UInt64, small: Int64, scale: Double) in
            received.append("\(target.index) \(target.generation) \(big) \(small) \(scale)")
        }
        let target = Entity(index: UInt32.max - 1, generation: UInt32.max)
        let payload: [JSONValue] = [try JSONValue(encoding: target), JSONValue(UInt64.max), JSONValue(Int64.min), 0.5]
        bus.emit("hit", arguments: payload)
        // The payload as it crosses a process boundary: JSON text, then back.
        let crossed = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(JSONValue.array(payload)))
        bus.emit("hit", crossed)
        let expected = "\(UInt32.max - 1) \(UInt32.max) \(UInt64.max) \(Int64.min) 0.5"
        #expect(received.all == [expected, expected])
        #expect(errors.all.isEmpty)
    }

    @Test func anIntegerThatDoesNotFitDropsTheEventWithDecodeError() {
        let bus = EventBus()
        let received = Recorder<Int8>()
        let errors = Recorder<ActorError>()
        bus.onError { errors.append($0) }
        bus.subscribe("level") { (level: Int8) in received.append(level) }
        bus.emit("level", 300)
        bus.emit("level", 2.5)
        bus.emit("level", JSONValue(UInt64.max))
        bus.emit("level", -128)
        #expect(received.all == [-128])
        #expect(errors.all.map(\.code) == ["decode_error", "decode_error", "decode_error"])
        #expect(errors.all.allSatisfy { $0.detail == "argument 0 is not a valid Int8" })
    }
}
