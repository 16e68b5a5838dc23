/// One panel of a figure: a titled plot area with y axis, x axis, data, reference lines,
/// explanatory notes and an optional badge.
struct ChartPanel {
    /// The heading, for example the scenario's name and parameters.
    var title: String
    /// Lines under the heading, wrapped to the panel's width (for example what is judged).
    var notes: [String]
    /// The wrapped note lines the panel makes room for, whatever its notes need, so that plot
    /// areas side by side line up; notes beyond it end in an ellipsis.
    var noteLines = ChartStyle.maxNoteLines
    /// The y axis title, written above the axis, for example "CPU ms per frame".
    var yTitle: String
    /// The unit of y values, for example "ms", used when a note quotes one.
    var unit: String
    /// The x axis labelling.
    var xAxis: ChartXAxis
    /// The data.
    var series: [ChartSeries]
    /// Horizontal lines with labels; the y axis always extends to include them.
    var referenceLines: [ChartReferenceLine]
    /// The verdict badge, if any.
    var badge: ChartBadge?
}
