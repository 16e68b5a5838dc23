#if RemoteHost
import ECS
import Foundation
import Host
@testable import HostRemote
import Testing

/// The direct JSON of `action` and `response` frames is the documented protocol: what it
/// writes decodes with Foundation's coders to the value Codable itself would deliver, what it
/// reads it reads as Foundation does (or leaves to Foundation), and bad input gets the same
/// typed error either way.
@Suite struct ActionFrameTextParityTests {
    private let codec = FrameCodec()

    /// What a frame is after a trip through Foundation's coders: the reference value.
    private func codableTrip<Frame: Codable>(_ frame: Frame) throws -> Frame {
        try JSONDecoder().decode(Frame.self, from: JSONEncoder().encode(frame))
    }

    @Test func writtenActionFramesDecodeWithCodableAsCodableWritesThem() throws {
        var random = SplitMix64(seed: 18)
        for index in 0..<1500 {
            let request = ActionRequest(id: random.next(), name: FrameValues.string(&random), args: FrameValues.array(&random, depth: 0))
            let frame = ClientFrame.action(request)
            let bytes = try #require(ActionFrameText.bytes(of: request), "\(index)")
            let decoded = try JSONDecoder().decode(ClientFrame.self, from: Data(bytes))
            #expect(decoded == (try codableTrip(frame)), "\(String(decoding: bytes, as: UTF8.self))")
            // The reader agrees with Foundation on the same bytes, whenever it answers.
            if let fast = ActionFrameText.actionFrame(bytes) { #expect(fast == decoded) }
            #expect(try codec.decode(ClientFrame.self, from: bytes) == decoded)
        }
    }

    @Test func writtenResponseFramesDecodeWithCodableAsCodableWritesThem() throws {
        var random = SplitMix64(seed: 19)
        for index in 0..<1500 {
            let response = index % 3 == 0
                ? ActionResponse(id: random.next(), error: ActorError(
                    group: FrameValues.string(&random), code: FrameValues.string(&random), message: FrameValues.string(&random),
                    metadata: index % 2 == 0 ? nil : FrameValues.value(&random, depth: 0)
                ))
                : ActionResponse(id: random.next(), output: FrameValues.value(&random, depth: 0))
            let frame = HostFrame.response(response)
            let bytes = try #require(ActionFrameText.bytes(of: response), "\(index)")
            let decoded = try JSONDecoder().decode(HostFrame.self, from: Data(bytes))
            #expect(decoded == (try codableTrip(frame)), "\(String(decoding: bytes, as: UTF8.self))")
            if let fast = ActionFrameText.responseFrame(bytes) { #expect(fast == decoded) }
            #expect(try codec.decode(HostFrame.self, from: bytes) == decoded)
        }
    }

    @Test func readerTakesEveryFrameWithoutDoublesOrNulls() throws {
        var random = SplitMix64(seed: 20)
        for _ in 0..<500 {
            let request = ActionRequest(id: random.next(), name: FrameValues.string(&random), args: FrameValues.array(&random, depth: 0, exact: true))
            let codableBytes = Array(try JSONEncoder().encode(ClientFrame.action(request)))
            #expect(ActionFrameText.actionFrame(codableBytes) == .action(request), "\(String(decoding: codableBytes, as: UTF8.self))")
            let response = ActionResponse(id: random.next(), output: FrameValues.value(&random, depth: 0, exact: true))
            let responseBytes = Array(try JSONEncoder().encode(HostFrame.response(response)))
            #expect(ActionFrameText.responseFrame(responseBytes) == .response(response))
        }
    }

    @Test func wholeDoublesAreWrittenAsIntegersAndNegativeZeroKeepsItsSign() throws {
        let request = ActionRequest(id: 7, name: "seek", args: [.double(3), .double(-0.0), .double(0.5), .double(9_223_372_036_854_775_808), .double(1e300)])
        let bytes = try #require(ActionFrameText.bytes(of: request))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"type":"action","id":7,"name":"seek","args":[3,-0,0.5,9223372036854775808,1e+300]}"#)
        guard case .action(let decoded) = try codec.decode(ClientFrame.self, from: bytes) else { Issue.record("not an action"); return }
        #expect(decoded.args == [.int(3), .double(0), .double(0.5), .uint(9_223_372_036_854_775_808), .double(1e300)])
        guard case .double(let zero) = decoded.args[1] else { return }
        #expect(zero.sign == .minus)
    }

    @Test func unwritableNumbersTakeTheCodablePath() {
        #expect(ActionFrameText.bytes(of: ActionRequest(id: 1, name: "a", args: [.double(.infinity)])) == nil)
        #expect(ActionFrameText.bytes(of: ActionResponse(id: 1, output: .array([.double(.nan)]))) == nil)
        #expect(codec.text(ClientFrame.action(ActionRequest(id: 1, name: "a", args: [.double(.infinity)]))) == codec.codableText(ClientFrame.action(ActionRequest(id: 1, name: "a", args: [.double(.infinity)]))))
    }

    @Test func handWrittenClientFramesDecodeAsCodableDecodesThem() {
        let texts = [
            #"{"type":"action","id":1,"name":"add","args":[5]}"#,
            " \t\r\n{ \"args\" : [ 1 , -2 , \"x\" ] , \"name\" : \"add\" , \"id\" : 3 , \"type\" : \"action\" } \n",
            #"{"type":"action","id":18446744073709551615,"name":"a\/b\"c\\d\u00e9\n","args":[{"k":[true,false,null,{}]},[]]}"#,
            #"{"type":"action","id":1,"name":"\ud83d\ude00","args":["\ud83d"]}"#,
            #"{"type":"action","id":1,"name":"😀 漢","args":[-9223372036854775808,9223372036854775808,18446744073709551616]}"#,
            #"{"type":"action","id":1,"name":"n","args":[-0,0,-0.0,1.0,1e2,1E-2,0.5,-1.25e-7,123456789012345678.5]}"#,
            #"{"type":"action","id":1,"name":"n","args":[{"a":1,"a":2}]}"#,
            #"{"type":"action","id":1,"name":"n","args":[],"extra":1}"#,
            #"{"type":"action","type":"action","id":1,"name":"n","args":[]}"#,
            #"{"type":"connect","name":"counter","key":["main"],"subscriptions":[]}"#,
            #"{"type":"subscription","eventName":"changed","subscribe":true}"#,
            // Malformed: every one must get the same typed error both ways.
            #"{"type":"action","id":1,"name":"n","args":[01]}"#,
            #"{"type":"action","id":1,"name":"n","args":[1.]}"#,
            #"{"type":"action","id":1,"name":"n","args":[.5]}"#,
            #"{"type":"action","id":1,"name":"n","args":[1,]}"#,
            #"{"type":"action","id":1,"name":"n","args":[1]}x"#,
            #"{"type":"action","id":1,"name":"n","args":[1]"#,
            #"{"type":"action","id":-1,"name":"n","args":[]}"#,
            #"{"type":"action","id":1.5,"name":"n","args":[]}"#,
            #"{"type":"action","id":"1","name":"n","args":[]}"#,
            #"{"type":"action","id":1,"name":"n"}"#,
            #"{"type":"action","id":1,"name":"n","args":{}}"#,
            #"{"type":"action","id":1,"name":"a\qb","args":[]}"#,
            #"{"type":"action","id":1,"name":"a\u12","args":[]}"#,
            "{\"type\":\"action\",\"id\":1,\"name\":\"a\u{1}b\",\"args\":[]}",
            #"{"type":"action","id":1,"name":"n","args":[tru]}"#,
            #"{"type":"action","id":1,"name":"n","args":[nul]}"#,
            #"{"type":"teleport","id":1,"name":"n","args":[]}"#,
            #"{"id":1,"name":"n","args":[]}"#,
            "", "[]", "null", "not json",
        ]
        for text in texts {
            #expect(result { () throws(ActorError) in try codec.decode(ClientFrame.self, from: Array(text.utf8)) }
                == result { () throws(ActorError) in try codec.codableDecode(ClientFrame.self, from: Array(text.utf8)) }, "\(text)")
        }
        let invalidUTF8: [UInt8] = Array(#"{"type":"action","id":1,"name":""#.utf8) + [0xFF, 0xFE] + Array(#"","args":[]}"#.utf8)
        #expect(ActionFrameText.actionFrame(invalidUTF8) == nil)
        #expect(result { () throws(ActorError) in try codec.decode(ClientFrame.self, from: invalidUTF8) }
            == result { () throws(ActorError) in try codec.codableDecode(ClientFrame.self, from: invalidUTF8) })
    }

    @Test func handWrittenHostFramesDecodeAsCodableDecodesThem() {
        let texts = [
            #"{"type":"response","id":1,"output":15}"#,
            #"{"type":"response","id":1,"output":null}"#,
            #"{"type":"response","id":1}"#,
            #"{"type":"response","id":1,"output":1,"error":{"group":"g","code":"c","message":"m"}}"#,
            #"{"type":"response","id":2,"error":{"group":"world","code":"action_failed","message":"no","metadata":{"action":"add"}}}"#,
            #"{"type":"response","id":2,"error":{"group":"world","code":"action_failed","message":"no","metadata":null}}"#,
            #"{"type":"response","id":2,"error":{"group":"world","code":"action_failed"}}"#,
            #"{"type":"response","id":2,"error":{"group":"world","code":"action_failed","message":"no","extra":1}}"#,
            #"{"type":"response","id":2,"error":null}"#,
            #"{"type":"response","id":2,"error":"no"}"#,
            #"{"type":"init","actorID":"counter:main:","connectionID":1,"region":"local"}"#,
            #"{"type":"event","name":"changed","args":[15]}"#,
            #"{"type":"response","id":1,"output":[1,2"#,
            #"{"type":"response","output":3}"#,
        ]
        for text in texts {
            #expect(result { () throws(ActorError) in try codec.decode(HostFrame.self, from: Array(text.utf8)) }
                == result { () throws(ActorError) in try codec.codableDecode(HostFrame.self, from: Array(text.utf8)) }, "\(text)")
        }
    }

    @Test func nestingBeyondTheReadersDepthIsLeftToFoundation() {
        let depth = JSONTextScanner.maxDepth + 5
        let text = #"{"type":"action","id":1,"name":"n","args":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(ActionFrameText.actionFrame(Array(text.utf8)) == nil)
        #expect(result { () throws(ActorError) in try codec.decode(ClientFrame.self, from: Array(text.utf8)) }
            == result { () throws(ActorError) in try codec.codableDecode(ClientFrame.self, from: Array(text.utf8)) })
    }

    /// The outcome of `body` as a comparable value.
    private func result<Value>(_ body: () throws(ActorError) -> Value) -> Result<Value, ActorError> {
        do throws(ActorError) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
}
#endif
