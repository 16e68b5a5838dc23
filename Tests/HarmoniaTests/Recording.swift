import Foundation
import Systems

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
        let choices = tracks.flatMap { track in volumes.map { (track, $0) } }
        var runs: [Run] = []
        var block = [Float](repeating: 0, count: 2048)
        while true {
            let frames = try decoder.read(handle, into: &block, maxFrames: 1024)
            if frames == 0 { break }
            for frame in 0..<frames {
                let (left, right) = (block[2 * frame], block[2 * frame + 1])
                let (track, volume) = choices.min { abs($0.0.level * $0.1 - right) < abs($1.0.level * $1.1 - right) }!
                let position = TestTrack.frame(ofRamp: left / volume, frames: track.frames)
                if let last = runs.last, last.level == track.level, last.volume == volume {
                    runs[runs.count - 1].positions.append(position)
                    runs[runs.count - 1].samples.append((left, right))
                } else {
                    runs.append(Run(level: track.level, volume: volume, positions: [position], samples: [(left, right)]))
                }
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
