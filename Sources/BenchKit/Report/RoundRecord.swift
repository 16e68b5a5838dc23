/// One round of a run: one process's pass over the selected scenarios, with the state of the
/// machine around it.
///
/// Most of the variance of a timing lies between processes (memory placement, page sizes,
/// frequency, neighbours), so `bench --rounds R` measures R rounds, each in a fresh process, and
/// `bench compare` judges the rounds, not the frames of one process.
struct RoundRecord: Codable, Equatable, Sendable {
    /// Position of the round in its run, from 0.
    var index: Int
    /// UTC start of the round, ISO 8601.
    var createdAt: String
    /// The 1, 5 and 15 minute load averages before the round (empty when unavailable).
    var loadAverage: [Double]
    /// Cores kept busy by everything but the round's own process while it ran, on average
    /// (``NeighbourLoad``); nil when the machine does not tell (no `/proc/stat`) and in files
    /// written before it was recorded.
    var neighbourLoad: Double?
    /// The program that measured the round, for rounds run by another binary
    /// (`bench compare --run`); nil for this binary.
    var binary: String?

    private enum CodingKeys: String, CodingKey {
        case index, binary
        case createdAt = "created_at"
        case loadAverage = "load_average"
        case neighbourLoad = "neighbour_load"
    }
}
