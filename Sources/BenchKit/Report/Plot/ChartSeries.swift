import Render

/// One data series of a panel: points in data units drawn with one colour and mark.
struct ChartSeries {
    /// What the series is, for the legend.
    var name: String
    /// The points as (x, y) in data units, in drawing order.
    var points: [SIMD2<Double>]
    /// The colour of the line and marks.
    var color: RGBAColor
    /// How the points are drawn.
    var mark: ChartMark
    /// Whether the y axis extends to the series' highest point; when false the series is cut
    /// off at the top of the axis (for a clock the verdict does not use).
    var scalesAxis = true
}
