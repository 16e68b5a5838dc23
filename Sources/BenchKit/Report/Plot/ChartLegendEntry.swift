import Render

/// One entry of a figure's legend: a sample mark and what it means.
struct ChartLegendEntry {
    /// The explanation.
    var label: String
    /// The colour of the sample.
    var color: RGBAColor
    /// The sample's mark.
    var mark: ChartMark
}
