import Testing

@testable import Bench

/// Tests of the limit ratio's definition: frame time over the time a triad of the frame's own
/// size needs to move the frame's declared bytes.
@Suite(.serialized)
struct LimitRatioTests {
    /// A workload that moves exactly its declared bytes at the measured bandwidth (one triad
    /// pass per frame) has a ratio close to 1, in a cache-sized and in a DRAM-sized working set.
    @Test(arguments: [4_096, 4_000_000])
    func aTriadMovingItsDeclaredBytesHasRatioNearOne(count: Int) {
        let workload = TriadWorkload(count: count)
        let frames = count > 100_000 ? 15 : 300
        let samples = Sampler(warmup: 3, frames: frames).measure(workload)
        let result = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: BandwidthCalibration(runs: 7), judged: true)
            .evaluate(workload, samples: samples)
        let ratio = result.limitRatio ?? 0
        #expect((0.5...2).contains(ratio), "limit ratio \(ratio)")
    }

    /// The reference is measured at the frame's size: a cache-sized triad is not slower than a
    /// DRAM-sized one, and the calibration keeps one measurement per size.
    @Test func referenceBandwidthFollowsTheWorkingSet() throws {
        let calibration = BandwidthCalibration(runs: 5)
        let small = try #require(calibration.bandwidth(bytesPerFrame: 24 << 10))
        let large = try #require(calibration.bandwidth(bytesPerFrame: 96 << 20))
        #expect(small.bytesPerNs > large.bytesPerNs * 0.8)
        #expect(calibration.bandwidth(bytesPerFrame: 24 << 10)?.bytesPerNs == small.bytesPerNs)
        #expect(calibration.bandwidth(bytesPerFrame: 0) == nil)
    }
}
