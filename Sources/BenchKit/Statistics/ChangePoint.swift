/// A change point of a series: the index of the first value after the change, with the
/// segments on either side of it (up to the neighbouring change points) summarised.
struct ChangePoint: Equatable, Sendable {
    /// The first index after the change.
    var index: Int
    /// The E-Divisive statistic that proposed the point (0 once recomputed in the merge).
    var qHat: Double
    /// Mean of the segment before.
    var meanBefore: Double
    /// Mean of the segment after.
    var meanAfter: Double
    /// Population standard deviation of the segment before.
    var stdBefore: Double
    /// Population standard deviation of the segment after.
    var stdAfter: Double
    /// Two-sided p-value of Student's t-test between the segments.
    var pValue: Double

    /// `meanAfter / meanBefore - 1` (0 when `meanBefore` is 0).
    var forwardChange: Double { meanBefore == 0 ? 0 : meanAfter / meanBefore - 1 }

    /// The larger of the relative changes forward and backward, as Otava's `change_magnitude`.
    var magnitude: Double {
        let backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1
        return max(abs(forwardChange), abs(backward))
    }
}
