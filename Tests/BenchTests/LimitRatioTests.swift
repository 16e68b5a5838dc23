import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the limit ratio's definition: frame time over the time the in-place stream update
/// needs to move the frame's declared bytes over a working set of the frame's size.
@Suite(.serialized)
struct LimitRatioTests {
    /// Ratios within this range count as "about 1".
    private static let aboutOne = 0.5...2.0

    /// The ratio of `workload` measured over `frames` frames, with a reference of its own,
    /// repeated up to three times until it is about 1. Other work on the machine (the suites
    /// a sanitizer run executes beside this one) only inflates the frames of one measurement
    /// against the best-of-runs reference, while a wrong definition misses every time.
    private func ratio(_ workload: any Workload, frames: Int) -> Double {
        var measured = 0.0
        for _ in 0..<3 {
            let samples = Sampler(warmup: 3, frames: frames).measure(workload)
            measured = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: BandwidthCalibration(runs: 7), judged: true)
                .evaluate(workload, samples: samples).limitRatio ?? 0
            if Self.aboutOne.contains(measured) { break }
        }
        return measured
    }

    /// A workload that moves exactly its declared bytes at the measured bandwidth (one stream
    /// update per frame) has a ratio close to 1, in a cache-sized and in a DRAM-sized working set.
    @Test(arguments: [4_096, 4_000_000])
    func aStreamMovingItsDeclaredBytesHasRatioNearOne(count: Int) {
        let measured = ratio(StreamUpdateWorkload(count: count), frames: count > 100_000 ? 15 : 300)
        #expect(Self.aboutOne.contains(measured), "limit ratio \(measured)")
    }

    /// The calibration scenario, the same access pattern written as a workload, is near 1 too.
    @Test func calibrationHasRatioNearOne() {
        let measured = ratio(CalibrationWorkload(particles: 100_000), frames: 60)
        #expect(Self.aboutOne.contains(measured), "limit ratio \(measured)")
    }

    /// The reference is measured at the frame's size: over two thirds of the frame's bytes
    /// (a frame that updates one component from another), capped beyond every cache level,
    /// and the calibration keeps one measurement per size. (Which level is faster is the
    /// machine's business, not the code's: timings are not asserted.)
    @Test func referenceBandwidthFollowsTheWorkingSet() throws {
        let calibration = BandwidthCalibration(runs: 1)
        let small = try #require(calibration.bandwidth(bytesPerFrame: 24 << 10))
        let large = try #require(calibration.bandwidth(bytesPerFrame: 96 << 20))
        let capped = try #require(calibration.bandwidth(bytesPerFrame: 1 << 30))
        #expect(small.workingSetBytes == 16 << 10)
        #expect(large.workingSetBytes == 64 << 20)
        #expect(capped.workingSetBytes == Bandwidth.maxWorkingSetBytes)
        #expect(small.bytesPerNs > 0 && large.bytesPerNs > 0)
        #expect(calibration.bandwidth(bytesPerFrame: 24 << 10)?.bytesPerNs == small.bytesPerNs)
        #expect(calibration.bandwidth(bytesPerFrame: 0) == nil)
        #expect(small.threads == 1)
    }

    /// A frame on several threads is compared with the update on as many threads: the
    /// calibration keeps one measurement per size and thread count.
    @Test func referenceBandwidthFollowsTheThreadCount() throws {
        let calibration = BandwidthCalibration(runs: 1)
        let one = try #require(calibration.bandwidth(bytesPerFrame: 3 << 20))
        let two = try #require(calibration.bandwidth(bytesPerFrame: 3 << 20, threads: 2))
        #expect(one.threads == 1 && two.threads == 2)
        #expect(two.workingSetBytes == one.workingSetBytes && two.bytesPerNs > 0)
        #expect(calibration.bandwidth(bytesPerFrame: 3 << 20, threads: 2)?.bytesPerNs == two.bytesPerNs)
        #expect(calibration.bandwidth(bytesPerFrame: 3 << 20, threads: 0)?.bytesPerNs == one.bytesPerNs)
    }

    /// A parallel workload's ratio divides its median wall time (which covers every thread)
    /// by the time its bytes take at the bandwidth measured on its own thread count, which the
    /// result reports; a one-thread workload's divides its median CPU time by the one-thread
    /// bandwidth.
    @Test(arguments: [1, 2])
    func ratioUsesTheFrameClockAndTheBandwidthOfItsThreads(threads: Int) throws {
        let calibration = BandwidthCalibration(runs: 1)
        let workload = StreamUpdateWorkload(count: 50_000, threads: threads)
        let samples = Sampler(warmup: 2, frames: 20).measure(workload)
        let result = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: calibration, judged: true)
            .evaluate(workload, samples: samples)
        let reference = try #require(calibration.bandwidth(bytesPerFrame: workload.bytesPerFrame, threads: threads))
        #expect(reference.threads == threads)
        #expect(result.limitBandwidth == reference.bytesPerNs)
        let frameMs = threads > 1 ? result.frameWallMs.p50 : result.frameCPUMs.p50
        let expected = frameMs * 1e6 * reference.bytesPerNs / Double(workload.bytesPerFrame)
        let ratio = try #require(result.limitRatio)
        #expect(abs(ratio - expected) <= 1e-9 * expected)
    }

    /// The update on several threads updates every element exactly once, across whole jobs
    /// and a partial last one, for any thread count.
    @Test(arguments: [1, 2, 3])
    func parallelUpdateTouchesEveryElementOnce(threads: Int) {
        let count = 2 * StreamUpdate.chunk + 123
        var a = [Float](repeating: 1, count: count)
        let b = (0..<count).map { Float($0 % 1000) }
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in StreamUpdate.run(a, b, 2, threads: threads) }
        }
        #expect(a == b.map { 1 + 2 * $0 })
    }
}
