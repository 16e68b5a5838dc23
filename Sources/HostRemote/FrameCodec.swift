#if RemoteHost
import Foundation
import Host

/// JSON for the frames of the protocol (Foundation's encoder and decoder are thread-safe, so
/// one codec serves every task of a connection). The frames of a round trip, `action` and
/// `response`, take ``ActionFrameText``'s direct path; every other frame, and whatever that
/// path does not read exactly, goes through Foundation's coders.
struct FrameCodec: Sendable {
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// `frame` as the text of one WebSocket frame.
    func text(_ frame: ClientFrame) -> String {
        if case .action(let request) = frame, let bytes = ActionFrameText.bytes(of: request) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return codableText(frame)
    }

    /// `frame` as the text of one WebSocket frame.
    func text(_ frame: HostFrame) -> String {
        if case .response(let response) = frame, let bytes = ActionFrameText.bytes(of: response) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return codableText(frame)
    }

    /// The client frame in `bytes`.
    /// - Throws: `ActorError` `host` `malformed_frame` naming what is wrong.
    func decode(_ type: ClientFrame.Type, from bytes: some Sequence<UInt8>) throws(ActorError) -> ClientFrame {
        let bytes = Array(bytes)
        if let frame = ActionFrameText.actionFrame(bytes) { return frame }
        return try codableDecode(type, from: bytes)
    }

    /// What is wrong with the `id` of an action frame whose id is a JSON number but not a whole
    /// number in the protocol's range (-1, 1.5, 2^64), which Foundation's decoder reports as
    /// "not JSON"; nil for any other frame. Read only once decoding failed.
    static func actionIDProblem(_ bytes: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              object["type"] as? String == "action", !(object["id"] is Bool), let id = object["id"] as? NSNumber
        else { return nil }
        let text = id.description
        guard UInt64(text) == nil else { return nil }
        return "id must be a whole number in 0...\(UInt64.max) (got \(text))"
    }

    /// The host frame in `bytes`.
    /// - Throws: `ActorError` `host` `malformed_frame` naming what is wrong.
    func decode(_ type: HostFrame.Type, from bytes: some Sequence<UInt8>) throws(ActorError) -> HostFrame {
        let bytes = Array(bytes)
        if let frame = ActionFrameText.responseFrame(bytes) { return frame }
        return try codableDecode(type, from: bytes)
    }

    /// `frame` as JSON text by Foundation's encoder.
    func codableText<Frame: Encodable>(_ frame: Frame) -> String {
        // The protocol's types hold strings, numbers and JSON values only: they always encode.
        guard let data = try? encoder.encode(frame) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The frame in `bytes` by Foundation's decoder.
    /// - Throws: `ActorError` `host` `malformed_frame` naming what is wrong.
    func codableDecode<Frame: Decodable>(_ type: Frame.Type, from bytes: [UInt8]) throws(ActorError) -> Frame {
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw .malformedFrame(Self.actionIDProblem(bytes) ?? Self.describe(error))
        } catch {
            throw .malformedFrame("not JSON")
        }
    }

    /// A one-line reason for a decoding failure.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : context.debugDescription
        case .keyNotFound(let key, _):
            "missing field \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default:
            "undecodable"
        }
    }
}
#endif
