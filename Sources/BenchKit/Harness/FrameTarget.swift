import CBench

/// A workload boxed for C callbacks: pass `Unmanaged.passUnretained(target).toOpaque()` as
/// the context of `frameFunction`.
final class FrameTarget {
    /// The workload whose frame the callback runs.
    let workload: any Workload

    /// Boxes `workload`.
    init(_ workload: any Workload) {
        self.workload = workload
    }

    /// A C function running one frame of the `FrameTarget` given as context.
    static let frameFunction: cbench_frame_fn = { context in
        guard let context else { return }
        Unmanaged<FrameTarget>.fromOpaque(context).takeUnretainedValue().workload.runFrame()
    }

    /// Runs exactly `frames` frames through `cbench_run_frames`, so that callgrind can collect
    /// the frames alone with `--toggle-collect=cbench_run_frames`.
    func runFrames(_ frames: Int) {
        withExtendedLifetime(self) {
            cbench_run_frames(
                Self.frameFunction, Unmanaged.passUnretained(self).toOpaque(), Int64(frames))
        }
    }
}
