import CSndFile
import Foundation

/// A stereo test file whose samples say what they are: channel 0 is a ramp from −0.9 to 0.9
/// over the track (the position), channel 1 a constant level of its own (which track). A
/// recording of the player then shows which track played, from where, at which volume.
struct TestTrack {
    /// Frames per second of every test track (the player's buffer is 1,024 frames, 0.128 s).
    static let sampleRate = 8_000

    /// libsndfile's 16-bit WAV.
    static let wav = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
    /// libsndfile's 16-bit FLAC.
    static let flac = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)

    /// The file's path.
    let path: String
    /// Channel 1's level at full volume.
    let level: Float
    /// Length in frames.
    let frames: Int

    /// Length in seconds.
    var seconds: Double { Double(frames) / Double(Self.sampleRate) }

    /// Channel 0 at `frame`.
    static func ramp(_ frame: Int, of frames: Int) -> Float {
        Float(-0.9 + 1.8 * Double(frame) / Double(frames))
    }

    /// The frame that channel 0's `value` stands for, in a track of `frames` frames.
    static func frame(ofRamp value: Float, frames: Int) -> Double {
        (Double(value) + 0.9) / 1.8 * Double(frames)
    }

    /// Writes `seconds` of the track at `path` in libsndfile's `format`, with the tags given.
    ///
    /// - Throws: ``TestTrackError`` when libsndfile cannot write it.
    @discardableResult
    static func write(
        to path: String, format: Int32 = wav, seconds: Double, level: Float,
        title: String? = nil, artist: String? = nil, album: String? = nil
    ) throws -> TestTrack {
        let frames = Int(seconds * Double(sampleRate))
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 2
        info.format = format
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw TestTrackError(message: "sf_open(\(path)) for writing failed: \(String(cString: sf_strerror(nil)))")
        }
        // Tags go in before the audio (FLAC writes them in its header).
        for (kind, value) in [(SF_STR_TITLE, title), (SF_STR_ARTIST, artist), (SF_STR_ALBUM, album)] {
            if let value { sf_set_string(file, Int32(kind), value) }
        }
        var samples: [Float] = []
        samples.reserveCapacity(frames * 2)
        for frame in 0..<frames { samples += [ramp(frame, of: frames), level] }
        let written = samples.withUnsafeMutableBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
        let closed = sf_close(file)
        guard written == frames, closed == 0 else {
            throw TestTrackError(message: "wrote \(written) of \(frames) frames to \(path) (close \(closed))")
        }
        return TestTrack(path: path, level: level, frames: frames)
    }
}

/// Writing a test file failed.
struct TestTrackError: Error, CustomStringConvertible {
    /// What failed.
    let message: String
    /// The message.
    var description: String { message }
}
