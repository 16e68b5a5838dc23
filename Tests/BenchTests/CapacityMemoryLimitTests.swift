import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the memory-limit line `bench capacity` prints for its largest count.
struct CapacityMemoryLimitTests {
    /// A one-thread probe is its median CPU frame against the one-thread bandwidth, a parallel
    /// one its median wall frame against the bandwidth of its threads; the line gives the
    /// ratio the run's table would.
    @Test(arguments: [1, 2])
    func lineGivesTheRatioOfTheFrameClockAndItsThreads(threads: Int) throws {
        let workload = StreamUpdateWorkload(count: 40_000, threads: threads)
        let samples = FrameSamples(cpuNs: [3_000, 1_000, 2_000], wallNs: [9_000, 7_000, 8_000], processCPUNs: nil)
        let limit = CapacityMemoryLimit(count: 40_000, workload: workload, samples: samples)
        #expect(limit.frameNs == (threads == 1 ? 2_000 : 8_000))
        #expect(limit.threads == threads && limit.bytesPerFrame == workload.bytesPerFrame)
        let calibration = BandwidthCalibration(runs: 1)
        let line = try #require(limit.summary(calibration))
        let bandwidth = try #require(calibration.bandwidth(bytesPerFrame: workload.bytesPerFrame, threads: threads))
        let ratio = try #require(bandwidth.limitRatio(nsPerFrame: limit.frameNs, bytesPerFrame: workload.bytesPerFrame))
        let threadWord = threads == 1 ? "1 thread " : "\(threads) threads "
        #expect(line == "median frame of 40000: \(String(format: "%.3f", limit.frameNs / 1e6)) ms, "
            + "\(String(format: "%.2f", ratio))x the memory limit of \(threadWord)"
            + "(\(String(format: "%.1f", bandwidth.bytesPerNs)) GB/s)")
    }

    /// A frame that moves no bytes has no line.
    @Test func frameWithoutBytesHasNoLine() {
        let samples = FrameSamples(cpuNs: [1_000], wallNs: [1_000], processCPUNs: nil)
        let limit = CapacityMemoryLimit(count: 10, workload: SyntheticWorkload(work: 1), samples: samples)
        #expect(limit.summary(BandwidthCalibration(runs: 1)) == nil)
    }
}
