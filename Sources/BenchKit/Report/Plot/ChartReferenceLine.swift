import Render

/// A horizontal line across a panel at a fixed value, with a label at its right end: a
/// threshold, or the statistic a verdict was judged on.
struct ChartReferenceLine {
    /// The line's y value in data units.
    var value: Double
    /// The text written just above the line's right end.
    var label: String
    /// The line's colour, also used for its label.
    var color: RGBAColor
    /// Whether the line is dashed (a measured statistic) or solid (a limit).
    var dashed: Bool
}
