import Foundation

/// The invariants `fuzzHostFrame` checks on one decoded frame; each traps on a violation,
/// which libFuzzer reports as a crash with the input.
enum HostFrameChecks {
    /// Encodes `frame` and decodes the text, then does it once more: the second round must give
    /// the first round's frame back, with the same `type` as `frame`. Returns the frame after
    /// the first round.
    static func roundTrip<Frame: Codable & Equatable>(_ frame: Frame) -> Frame {
        let once = reread(frame)
        let twice = reread(once)
        precondition(twice == once, "\(once) came back as \(twice)")
        precondition(type(of: frame) == type(of: once), "\(frame) was written with the type of \(once)")
        return once
    }

    /// The `type` member of `frame`'s JSON text.
    private static func type<Frame: Encodable>(of frame: Frame) -> String? {
        guard let data = try? JSONEncoder().encode(frame),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["type"] as? String
    }

    /// `frame` written as JSON text and read back.
    private static func reread<Frame: Codable>(_ frame: Frame) -> Frame {
        let data: Data
        do {
            data = try JSONEncoder().encode(frame)
        } catch {
            preconditionFailure("\(frame) does not encode: \(error)")
        }
        do {
            return try JSONDecoder().decode(Frame.self, from: data)
        } catch {
            preconditionFailure("\(frame) encodes as \(String(decoding: data, as: UTF8.self)), which does not decode: \(error)")
        }
    }
}
