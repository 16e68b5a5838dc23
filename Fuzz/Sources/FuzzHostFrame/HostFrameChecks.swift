import Foundation
import Host

/// The invariants `fuzzHostFrame` checks on one frame; each traps on a violation, which
/// libFuzzer reports as a crash with the input.
enum HostFrameChecks {
    /// The frame in `bytes` as Foundation's decoder reads it, nil when it does not; checks that
    /// the `direct` reader and the `codec` agree with it.
    static func decoded<Frame: Codable & Equatable & Sendable>(
        _ type: Frame.Type, from bytes: [UInt8], direct: ([UInt8]) -> Frame?,
        codec: ([UInt8]) throws(ActorError) -> Frame
    ) -> Frame? {
        let foundation = try? JSONDecoder().decode(Frame.self, from: Data(bytes))
        if let fast = direct(bytes) {
            precondition(fast == foundation, "the direct reader read \(fast), Foundation \(String(describing: foundation))")
        }
        do throws(ActorError) {
            let codec = try codec(bytes)
            precondition(codec == foundation, "the codec read \(codec), Foundation \(String(describing: foundation))")
        } catch {
            precondition(error.code == "malformed_frame", "the codec threw \(error), not malformed_frame")
            precondition(foundation == nil, "the codec refused what Foundation read: \(error)")
        }
        return foundation
    }

    /// Writes `frame` with `text` and decodes it, then does it once more: the second round must
    /// give the first round's frame back, with the same `type` as `frame`, and Foundation's
    /// encoder must write text that decodes to the same frame. Returns the frame after the
    /// first round.
    static func roundTrip<Frame: Codable & Equatable>(_ frame: Frame, text: (Frame) -> String) -> Frame {
        let once = reread(text(frame), as: Frame.self)
        let twice = reread(text(once), as: Frame.self)
        precondition(twice == once, "\(once) came back as \(twice)")
        precondition(reread(foundationText(frame), as: Frame.self) == once, "\(frame): the codec's text and Foundation's read differently")
        precondition(type(of: text(frame)) == type(of: foundationText(frame)), "\(frame) was written with another type")
        return once
    }

    /// `frame` as JSON text by Foundation's encoder.
    private static func foundationText<Frame: Encodable>(_ frame: Frame) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(frame), as: UTF8.self)
        } catch {
            preconditionFailure("\(frame) does not encode: \(error)")
        }
    }

    /// The `type` member of the JSON object in `text`.
    private static func type(of text: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return object["type"] as? String
    }

    /// The frame in `text`, which must decode.
    private static func reread<Frame: Decodable>(_ text: String, as type: Frame.Type) -> Frame {
        do {
            return try JSONDecoder().decode(Frame.self, from: Data(text.utf8))
        } catch {
            preconditionFailure("\(text) does not decode: \(error)")
        }
    }
}
