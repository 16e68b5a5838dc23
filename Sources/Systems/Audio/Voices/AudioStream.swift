import Foundation
import Synchronization

/// One streaming voice's source: a file opened through a ``DecoderPort`` and decoded ahead
/// into a ``SampleRing`` by the mixer's ``StreamFeeder``, off the mix thread. At the end of the
/// file a looping stream seeks back to the start; otherwise it ends the ring.
final class AudioStream: Sendable {
    /// Frames decoded per block.
    static let blockFrames = 2_048

    /// The decoded frames ahead of the mix.
    let ring: SampleRing
    /// The decoder and its handle; only the feeder (and the first fill) decodes.
    private let decoder: any DecoderPort
    private let handle: DecodeHandle
    private let looping: Bool
    /// The decode block, used under its lock by whichever thread fills.
    private let block: Mutex<[Float]>
    /// Whether the stream was closed (its voice went).
    private let closed = Atomic<Bool>(false)

    /// A stream of `handle` (open on `decoder`, `channels` channels) with a ring of at least
    /// `aheadFrames` frames.
    init(decoder: any DecoderPort, handle: DecodeHandle, channels: Int, aheadFrames: Int, looping: Bool) {
        self.decoder = decoder
        self.handle = handle
        self.looping = looping
        ring = SampleRing(channels: channels, frames: aheadFrames)
        block = Mutex([Float](repeating: 0, count: Self.blockFrames * channels))
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
            while !isClosed, !ring.isEnded, ring.writableFrames >= Self.blockFrames {
                let frames: Int
                do {
                    frames = try decoder.read(handle, into: &block, maxFrames: Self.blockFrames)
                    if frames == 0 {
                        // An empty read straight after a rewind is an empty file: end it.
                        guard looping, !rewound else {
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
                _ = unsafe block.withUnsafeBufferPointer { unsafe ring.write($0, frames: frames) }
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
