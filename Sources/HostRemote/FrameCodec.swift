import Foundation
import Host

/// JSON for the frames of the protocol (Foundation's encoder and decoder are thread-safe, so
/// one codec serves every task of a connection).
struct FrameCodec: Sendable {
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// `frame` as the text of one WebSocket frame.
    func text<Frame: Encodable>(_ frame: Frame) -> String {
        // The protocol's types hold strings, numbers and JSON values only: they always encode.
        guard let data = try? encoder.encode(frame) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The frame in `bytes`.
    /// - Throws: `ActorError` `host` `malformed_frame` naming what is wrong.
    func decode<Frame: Decodable>(_ type: Frame.Type, from bytes: some Sequence<UInt8>) throws(ActorError) -> Frame {
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw .malformedFrame(Self.describe(error))
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
