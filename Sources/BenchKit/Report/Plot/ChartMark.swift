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
    /// A vertical bar `width` pixels wide between each pair of points (first and second,
    /// third and fourth, …), as a range from its low to its high value.
    case whiskers(width: Float)
    /// A vertical line `width` pixels wide across the whole plot at each point's x.
    case verticalLine(width: Float)
}
