import Foundation

/// Loads the result files of `bench history` in time order.
enum HistoryInput {
    /// The runs at `paths`, each checked like `bench compare`'s inputs, ordered by their
    /// `created_at` time (files with equal times keep their order). Throws
    /// `BenchError.unreadableResult` naming the first unusable file.
    static func load(_ paths: [String]) throws -> [RunResult] {
        let parser = ISO8601DateFormatter()
        let dated = try paths.map { path in
            let run = try ComparableResult.load(path)
            guard let date = parser.date(from: run.createdAt) else {
                throw BenchError.unreadableResult(
                    path: path, reason: "created_at '\(run.createdAt)' is not an ISO 8601 UTC time")
            }
            return (date: date, run: run)
        }
        return dated.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element.run)
    }
}
