#if RemoteHost
import ECS
import Host
@testable import HostRemote
import Testing

/// The JSON of each frame is what `docs/host-protocol.md` shows, both ways.
@Suite struct FrameCodingTests {
    private let codec = FrameCodec()

    @Test func documentedClientFramesDecode() throws {
        let connect = try codec.decode(ClientFrame.self, from: #"{"type":"connect","name":"counter","key":["main"],"createWithInput":10,"subscriptions":["changed"]}"#.utf8)
        let action = try codec.decode(ClientFrame.self, from: #"{"type":"action","id":1,"name":"add","args":[5]}"#.utf8)
        let subscription = try codec.decode(ClientFrame.self, from: #"{"type":"subscription","eventName":"changed","subscribe":false}"#.utf8)
        guard case .connect(let request) = connect else { Issue.record("not a connect frame"); return }
        #expect(request.name == "counter" && request.key == ["main"] && request.createWithInput == .int(10) && request.subscriptions == ["changed"])
        #expect(action == .action(ActionRequest(id: 1, name: "add", args: [.int(5)])))
        #expect(subscription == .subscription(SubscriptionRequest(eventName: "changed", subscribe: false)))
    }

    @Test func hostFramesRoundTripWithTheirType() throws {
        let frames: [HostFrame] = [
            .initialized(InitMessage(actorID: "counter:main:", connectionID: 1)),
            .response(ActionResponse(id: 1, output: .int(15))),
            .response(ActionResponse(id: 2, error: ActorError(group: "world", code: "action_failed", message: "no"))),
            .event(EventMessage(name: "changed", args: [.int(15)])),
            .error(ActorError(group: "host", code: "malformed_frame", message: "malformed frame: not JSON")),
            .closed(nil),
            .closed(ActorError(group: "host", code: "unauthorized", message: "refused")),
        ]
        for frame in frames {
            let text = codec.text(frame)
            #expect(try codec.decode(HostFrame.self, from: text.utf8) == frame, "\(text)")
        }
        #expect(codec.text(frames[1]).contains(#""type":"response""#))
        #expect(codec.text(frames[0]).contains(#""type":"init""#))
    }

    @Test func badFramesAreMalformedFrameErrors() {
        for text in ["not json", "[]", #"{"id":1}"#, #"{"type":"teleport"}"#, #"{"type":"action","id":"one","name":"a","args":[]}"#] {
            do throws(ActorError) {
                _ = try codec.decode(ClientFrame.self, from: text.utf8)
                Issue.record("\(text) decoded")
            } catch {
                #expect(error.code == "malformed_frame", "\(text)")
            }
        }
    }

    /// An id that is a number but not a whole number in the protocol's range is named as the
    /// problem, not reported as "not JSON".
    @Test(arguments: [("-1", "-1"), ("1.5", "1.5"), ("18446744073709551616", "18446744073709551616")])
    func idsOutsideTheRangeNameTheField(id: String, shown: String) {
        do throws(ActorError) {
            _ = try codec.decode(ClientFrame.self, from: #"{"type":"action","id":\#(id),"name":"a","args":[]}"#.utf8)
            Issue.record("id \(id) decoded")
        } catch {
            #expect(error.code == "malformed_frame")
            #expect(error.message == "malformed frame: id must be a whole number in 0...18446744073709551615 (got \(shown))")
        }
    }

    @Test func transportMessagesNeverTravel() {
        #expect(HostFrame(.reconnecting) == nil)
        #expect(HostFrame(.interrupted(ActorError(group: "host", code: "connection_closed", message: "gone"))) == nil)
        #expect(HostFrame(.closed(nil)) == .closed(nil))
    }
}
#endif
