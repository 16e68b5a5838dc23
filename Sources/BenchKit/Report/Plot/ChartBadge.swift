import Render

/// A filled label in a panel's top-right corner, such as PASS or FAIL.
struct ChartBadge {
    /// The text, drawn in white.
    var text: String
    /// The fill colour.
    var color: RGBAColor
}
