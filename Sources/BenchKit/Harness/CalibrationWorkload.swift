/// A built-in workload whose cost is proportional to its particle count: one explicit Euler
/// step of `position += velocity * dt` over structure-of-arrays `Float` columns. It checks
/// that the runner, clocks and reports work before the real scenarios are in, and it is the
/// reference for `limit ratio`: two in-place stream updates that move exactly the bytes they
/// declare, the access pattern of the update the ratio divides by, so its ratio is about 1.
package final class CalibrationWorkload: Workload, CountingWorkload, AllocationFreeWorkload {
    private var x: [Float]
    private var y: [Float]
    private let vx: [Float]
    private let vy: [Float]
    private var frames = 0

    /// A workload over `particles` particles (at least 1).
    package init(particles: Int) {
        let count = max(1, particles)
        x = [Float](repeating: 0, count: count)
        y = [Float](repeating: 0, count: count)
        vx = (0..<count).map { Float($0 % 97) * 0.01 }
        vy = (0..<count).map { Float($0 % 89) * -0.01 }
    }

    /// "calibration".
    package var name: String { "calibration" }
    /// The particle count.
    package var params: [String: Int] { ["particles": x.count] }
    /// One entity per particle.
    package var entitiesPerFrame: Int { x.count }
    /// Reads four columns and writes two, `Float` each: two passes, each reading a position
    /// and a velocity column and writing the position column back.
    package var bytesPerFrame: Int { x.count * 6 * MemoryLayout<Float>.stride }
    /// Runs on the calling thread.
    package var isParallel: Bool { false }
    /// Frames run and particles stepped since the workload was built.
    package var counters: [String: Int] { ["frames": frames, "particles_stepped": frames * x.count] }

    /// Advances every particle by 1/60 s.
    package func runFrame() {
        let dt: Float = 1.0 / 60.0
        x.withUnsafeMutableBufferPointer { x in
            vx.withUnsafeBufferPointer { vx in
                for i in 0..<x.count { x[i] += vx[i] * dt }
            }
        }
        y.withUnsafeMutableBufferPointer { y in
            vy.withUnsafeBufferPointer { vy in
                for i in 0..<y.count { y[i] += vy[i] * dt }
            }
        }
        frames += 1
    }
}
