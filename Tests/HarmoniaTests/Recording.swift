import Foundation
import Audio

/// A recording of the player (its `--output` file) read back as runs of frames of one test
/// track at one volume, with the position in the track of every frame.
struct Recording {
    /// Consecutive frames of one track at one volume.
    struct Run {
        /// The track's level, which names it.
        let level: Float
        /// The volume it played at.
        let volume: Float
        /// The frame of the track each frame of the run comes from.
        var positions: [Double]
        /// The frames' channel 0 and 1.
        var samples: [(Float, Float)]
    }

    /// The runs in the order they were played.
    let runs: [Run]

    /// Reads `path` (stereo) and sorts its frames into runs of the `tracks` at the `volumes`
    /// (each frame goes to the nearest level × volume of channel 1).
    init(path: String, tracks: [TestTrack], volumes: [Float]) throws {
        let decoder = SndFileDecoder()
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        var frames: [(Float, Float)] = []
        var block = [Float](repeating: 0, count: 2048)
        while true {
            let count = try decoder.read(handle, into: &block, maxFrames: 1024)
            if count == 0 { break }
            for frame in 0..<count { frames.append((block[2 * frame], block[2 * frame + 1])) }
        }
        self.init(frames: frames, tracks: tracks, volumes: volumes)
    }

    /// Reads a capture of ALSA's `file` plugin at `path` (raw little-endian float32 stereo) and
    /// sorts its frames as ``init(path:tracks:volumes:)`` does, leaving out the silent frames
    /// a device plays while nothing is queued (no test track has a silent channel 1).
    init(rawCapture path: String, tracks: [TestTrack], volumes: [Float]) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let samples = bytes.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self))) }
        }
        let frames = stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0], samples[$0 + 1]) }.filter { $0.1 != 0 }
        self.init(frames: frames, tracks: tracks, volumes: volumes)
    }

    /// Sorts `frames` (channel 0 and 1) into runs of the `tracks` at the `volumes`.
    init(frames: [(Float, Float)], tracks: [TestTrack], volumes: [Float]) {
        let choices = tracks.flatMap { track in volumes.map { (track, $0) } }
        var runs: [Run] = []
        for (left, right) in frames {
            let (track, volume) = choices.min { abs($0.0.level * $0.1 - right) < abs($1.0.level * $1.1 - right) }!
            let position = TestTrack.frame(ofRamp: left / volume, frames: track.frames)
            if let last = runs.last, last.level == track.level, last.volume == volume {
                runs[runs.count - 1].positions.append(position)
                runs[runs.count - 1].samples.append((left, right))
            } else {
                runs.append(Run(level: track.level, volume: volume, positions: [position], samples: [(left, right)]))
            }
        }
        self.runs = runs
    }

    /// The jumps in a run's positions larger than `threshold` frames, in frames (negative:
    /// backwards).
    static func jumps(in positions: [Double], threshold: Double) -> [Double] {
        zip(positions, positions.dropFirst()).map { $1 - $0 - 1 }.filter { abs($0) > threshold }
    }
}
