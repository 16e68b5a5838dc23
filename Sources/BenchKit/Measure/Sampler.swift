/// Runs a workload for warmup frames, then for measured frames, timing each measured frame.
///
/// The measured loop does not allocate: sample buffers are sized before the first frame and
/// the progress bar renders into a preallocated buffer between frames.
package struct Sampler {
    /// Frames run before measuring, to warm caches, branch predictors and lazy state.
    package let warmup: Int
    /// Frames measured.
    package let frames: Int
    /// A known slowdown to add to one scenario's frames, for tests of `bench compare`.
    package var slowdown: FrameSlowdown? = nil

    /// A value with the given fields.
    package init(warmup: Int, frames: Int, slowdown: FrameSlowdown? = nil) {
        self.warmup = warmup
        self.frames = frames
        self.slowdown = slowdown
    }

    /// Measures `workload`, reporting progress on `progress` when given; a
    /// ``FixedLengthWorkload`` runs its own counts of frames.
    package func measure(_ workload: any Workload, progress: ProgressBar? = nil) -> FrameSamples {
        let fixed = workload as? any FixedLengthWorkload
        let frames = fixed?.frameCount ?? frames
        workload.warmUp(frames: fixed?.warmupCount ?? warmup)
        let parallel = workload.isParallel
        var cpu = [UInt64](repeating: 0, count: frames)
        var wall = [UInt64](repeating: 0, count: frames)
        var process = [UInt64](repeating: 0, count: parallel ? frames : 0)
        let progressStep = max(1, frames / 100)
        let paced = workload as? any PacedWorkload
        let extra = slowdown?.fraction(for: workload.name)
        for frame in 0..<frames {
            paced?.awaitNextFrame()
            let processStart = parallel ? Clocks.processCPU() : 0
            let wallStart = Clocks.wall()
            let cpuStart = Clocks.threadCPU()
            workload.runFrame()
            if let extra { FrameSlowdown.spin(since: cpuStart, fraction: extra) }
            let cpuEnd = Clocks.threadCPU()
            let wallEnd = Clocks.wall()
            cpu[frame] = cpuEnd &- cpuStart
            wall[frame] = wallEnd &- wallStart
            if parallel {
                process[frame] = Clocks.processCPU() &- processStart
            }
            if let progress, frame % progressStep == 0 || frame == frames - 1 {
                progress.update(completed: frame + 1, total: frames)
            }
        }
        return FrameSamples(cpuNs: cpu, wallNs: wall, processCPUNs: parallel ? process : nil)
    }
}
