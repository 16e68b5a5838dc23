/// How a data series or a legend entry is drawn.
enum ChartMark: Equatable {
    /// A line joining the points, `width` pixels wide.
    case line(width: Float)
    /// A line joining the points with a filled square of `size` pixels on each point.
    case lineAndPoints(width: Float, size: Float)
    /// An open circle of `radius` pixels around each point, not joined.
    case ring(radius: Float)
    /// A dashed horizontal line, as reference lines are drawn.
    case dashed(width: Float)
}
