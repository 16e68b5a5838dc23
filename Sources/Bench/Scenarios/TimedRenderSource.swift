import Platform
import BenchKit
import Dispatch
import Audio

/// A render source that times another on the thread that pulls it: the wall and thread CPU
/// time of each render, kept up to a capacity set when built, and a signal per render, so the
/// sampler can wait for the device's periods one by one.
final class TimedRenderSource: AudioRenderSource {
    /// The times of the renders so far, in nanoseconds.
    struct Times: Sendable {
        /// Wall time of each render.
        var wallNs: [UInt64] = []
        /// Thread CPU time of each render.
        var cpuNs: [UInt64] = []
    }

    private let inner: any AudioRenderSource
    private let times: Locked<Times>
    private let rendered = DispatchSemaphore(value: 0)

    /// Times `inner`, keeping the first `capacity` renders' times.
    init(_ inner: any AudioRenderSource, capacity: Int) {
        self.inner = inner
        var times = Times()
        times.wallNs.reserveCapacity(capacity)
        times.cpuNs.reserveCapacity(capacity)
        self.times = Locked(times)
    }

    /// Renders through the inner source, times it and signals.
    func render(into buffer: inout [Float], frameCount: Int) -> Int {
        let wall = Clocks.wall()
        let cpu = Clocks.threadCPU()
        let filled = inner.render(into: &buffer, frameCount: frameCount)
        let cpuNs = Clocks.threadCPU() &- cpu
        let wallNs = Clocks.wall() &- wall
        times.withLock { times in
            guard times.wallNs.count < times.wallNs.capacity else { return }
            times.wallNs.append(wallNs)
            times.cpuNs.append(cpuNs)
        }
        rendered.signal()
        return filled
    }

    /// Waits for the next render, up to `timeout` seconds; false when none came.
    func awaitRender(timeout: Double) -> Bool {
        rendered.wait(timeout: .now() + timeout) == .success
    }

    /// The times kept so far.
    var recorded: Times { times.withLock { $0 } }
}
