import Testing

@testable import Bench

/// Tests of the limit ratio's definition: frame time over the time the in-place stream update
/// needs to move the frame's declared bytes over a working set of the frame's size.
@Suite(.serialized)
struct LimitRatioTests {
    /// The ratio of `workload` measured over `frames` frames.
    private func ratio(_ workload: any Workload, frames: Int) -> Double {
        let samples = Sampler(warmup: 3, frames: frames).measure(workload)
        return ScenarioEvaluator(settings: Fixtures.settings, bandwidth: BandwidthCalibration(runs: 7), judged: true)
            .evaluate(workload, samples: samples).limitRatio ?? 0
    }

    /// A workload that moves exactly its declared bytes at the measured bandwidth (one stream
    /// update per frame) has a ratio close to 1, in a cache-sized and in a DRAM-sized working set.
    @Test(arguments: [4_096, 4_000_000])
    func aStreamMovingItsDeclaredBytesHasRatioNearOne(count: Int) {
        let measured = ratio(StreamUpdateWorkload(count: count), frames: count > 100_000 ? 15 : 300)
        #expect((0.5...2).contains(measured), "limit ratio \(measured)")
    }

    /// The calibration scenario, the same access pattern written as a workload, is near 1 too.
    @Test func calibrationHasRatioNearOne() {
        let measured = ratio(CalibrationWorkload(particles: 100_000), frames: 60)
        #expect((0.5...2).contains(measured), "limit ratio \(measured)")
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
    }
}
