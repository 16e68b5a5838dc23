import Platform
import Foundation
import Synchronization

/// One streaming voice's source: a file opened through a ``DecoderPort`` and decoded ahead
/// into a ``SampleRing`` by the mixer's ``StreamFeeder``, off the mix thread, through a
/// ``StreamResampler`` when the file is at another rate than the mix. At the end of the file a
/// looping stream seeks back to the start (the resampler's history carries across, so the
/// loop is seamless); otherwise it ends the ring.
final class AudioStream: Sendable {
    /// Frames decoded per block.
    static let blockFrames = 2_048

    /// The decoded frames ahead of the mix.
    let ring: SampleRing
    /// The decoder and its handle; only the feeder (and the first fill) decodes.
    private let decoder: any DecoderPort
    private let handle: DecodeHandle
    private let looping: Bool
    /// The decode block and the resampler, used under their lock by whichever thread fills.
    private let block: Locked<(samples: [Float], resampler: StreamResampler?)>
    /// Most frames one decoded block puts in the ring.
    let blockOutputFrames: Int
    /// Whether the stream was closed (its voice went).
    private let closed = Atomic<Bool>(false)

    /// A stream of `handle` (open on `decoder`, `channels` channels) with a ring of at least
    /// `aheadFrames` frames and four blocks, converted by `resampler` (taking
    /// ``blockFrames``-frame blocks) when given.
    init(
        decoder: any DecoderPort, handle: DecodeHandle, channels: Int, aheadFrames: Int, looping: Bool,
        resampler: sending StreamResampler?
    ) {
        self.decoder = decoder
        self.handle = handle
        self.looping = looping
        blockOutputFrames = resampler?.maxOutputFrames ?? Self.blockFrames
        ring = SampleRing(channels: channels, frames: max(aheadFrames, 4 * blockOutputFrames))
        block = Locked((samples: [Float](repeating: 0, count: Self.blockFrames * channels), resampler: resampler))
    }

    deinit {
        if !isClosed { decoder.close(handle) }
    }

    /// Whether the stream was closed.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Decodes blocks into the ring while it has room for one; returns whether it decoded
    /// anything. A decode error ends the ring (the voice then stops).
    @discardableResult
    func fill() -> Bool {
        var decoded = false
        block.withLock { block in
            var rewound = false
            while !isClosed, !ring.isEnded, ring.writableFrames >= blockOutputFrames {
                let frames: Int
                do {
                    frames = try decoder.read(handle, into: &block.samples, maxFrames: Self.blockFrames)
                    if frames == 0 {
                        // An empty read straight after a rewind is an empty file: end it.
                        guard looping, !rewound else {
                            block.resampler?.finish(into: ring)
                            ring.end()
                            return
                        }
                        try decoder.seek(handle, toSeconds: 0)
                        rewound = true
                        continue
                    }
                } catch {
                    ring.end()
                    return
                }
                rewound = false
                // SAFETY: the block holds `frames` decoded frames, borrowed for the call.
                unsafe block.samples.withUnsafeBufferPointer { samples in
                    if let resampler = block.resampler {
                        unsafe resampler.push(samples, frames: frames, into: ring)
                    } else {
                        _ = unsafe ring.write(samples, frames: frames)
                    }
                }
                decoded = true
            }
        }
        return decoded
    }

    /// Closes the file; the feeder drops the stream.
    func close() {
        closed.store(true, ordering: .releasing)
        block.withLock { _ in decoder.close(handle) }
    }
}
