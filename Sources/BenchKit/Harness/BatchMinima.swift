/// Noise-proof figures from timed samples: the minimum of each batch of consecutive samples.
///
/// Another process on the machine only ever adds time to a sample (it evicts caches, shares
/// the core, interrupts), never removes any. The minimum of a batch is therefore the batch's
/// least disturbed sample, and the median of the batch minima is a figure that load cannot lower
/// into a false failure and that one lucky sample cannot set either: half the batches must
/// reach it. Verdicts that could flip on noise are judged on it; medians are reported beside it.
package enum BatchMinima {
    /// Samples per batch of the verdicts judged on batch minima.
    package static let batchSize = 10

    /// The minimum of every run of `batchSize` consecutive `samples` (a shorter last run forms
    /// its own batch); empty for no samples. `batchSize` below 1 counts as 1.
    package static func minima(_ samples: [Double], batchSize: Int = batchSize) -> [Double] {
        let size = max(1, batchSize)
        // Each slice holds at least one sample (`start < samples.count`, `size >= 1`), so its
        // minimum exists.
        return stride(from: 0, to: samples.count, by: size).map { start in
            samples[start..<min(start + size, samples.count)].min()!
        }
    }

    /// The median of the batch minima of `samples`; nil for no samples.
    package static func medianOfMinima(_ samples: [Double], batchSize: Int = batchSize) -> Double? {
        let batchMinima = minima(samples, batchSize: batchSize)
        return batchMinima.isEmpty ? nil : Percentiles.median(batchMinima)
    }
}
