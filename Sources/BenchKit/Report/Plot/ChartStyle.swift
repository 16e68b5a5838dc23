import Render

/// Sizes and colours shared by every figure.
enum ChartStyle {
    /// Empty space around the figure and between panels, in pixels.
    static let margin = 20
    /// Text size of the figure's title line.
    static let titleSize = 22
    /// Text size of the figure's subtitle lines and legend.
    static let subtitleSize = 14
    /// Text size of a panel's heading.
    static let panelTitleSize = 16
    /// Text size of a panel's notes, tick labels and axis titles.
    static let labelSize = 12
    /// The wrapped note lines a panel makes room for unless it says otherwise.
    static let maxNoteLines = 4

    /// The figure background.
    static let background = RGBAColor(r: 1, g: 1, b: 1)
    /// The plot area's fill.
    static let plotArea = RGBAColor(r: 0.97, g: 0.97, b: 0.98)
    /// Grid lines at the y ticks.
    static let grid = RGBAColor(r: 0.86, g: 0.86, b: 0.88)
    /// Axis lines, titles and heading text.
    static let ink = RGBAColor(r: 0.1, g: 0.1, b: 0.12)
    /// Notes and tick labels.
    static let secondaryInk = RGBAColor(r: 0.35, g: 0.35, b: 0.4)
    /// Passing verdicts.
    static let pass = RGBAColor(r: 0.12, g: 0.55, b: 0.22)
    /// Failing verdicts, limits and regressions.
    static let fail = RGBAColor(r: 0.82, g: 0.12, b: 0.12)
    /// Results that were not judged.
    static let neutral = RGBAColor(r: 0.5, g: 0.5, b: 0.55)
    /// The main data series.
    static let primary = RGBAColor(r: 0.12, g: 0.35, b: 0.85)
    /// A baseline run's series, drawn under the current one.
    static let baseline = RGBAColor(r: 0.95, g: 0.56, b: 0.17)
    /// A secondary data series.
    static let secondary = RGBAColor(r: 0.62, g: 0.62, b: 0.66)
    /// Colours of series that share a panel, as a stack of systems (Tableau 10).
    static let palette = [
        RGBAColor(r: 0.31, g: 0.47, b: 0.65), RGBAColor(r: 0.95, g: 0.56, b: 0.17), RGBAColor(r: 0.88, g: 0.34, b: 0.35),
        RGBAColor(r: 0.46, g: 0.72, b: 0.70), RGBAColor(r: 0.35, g: 0.63, b: 0.31), RGBAColor(r: 0.93, g: 0.79, b: 0.28),
        RGBAColor(r: 0.69, g: 0.48, b: 0.63), RGBAColor(r: 1.00, g: 0.62, b: 0.66), RGBAColor(r: 0.61, g: 0.46, b: 0.37),
        RGBAColor(r: 0.73, g: 0.69, b: 0.67),
    ]
}
