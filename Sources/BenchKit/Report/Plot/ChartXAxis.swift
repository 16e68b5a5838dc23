/// How a panel's x axis is labelled.
enum ChartXAxis {
    /// Numbers with nice ticks over the data's x range, and an axis title.
    case numeric(title: String)
    /// One label per integer x from 0, thinned so labels never overlap, and an axis title.
    case categories(labels: [String], title: String)
}
