/// Whether two runs hold what a timing verdict needs: enough rounds on each side, and a machine
/// that was as busy during one side's rounds as during the other's.
///
/// Five rounds is the fewest with which a two-sided Mann-Whitney U test of round figures can
/// reach p < 0.01 (5 against 5 rounds all apart gives p = 0.0079; 4 against 4 gives 0.029).
/// Other processes that take cores during one side only slow it for reasons no code change
/// explains, so sides whose neighbour loads (``NeighbourLoad``) differ by more than
/// `loadBound` cores are not judged.
enum RoundCheck {
    /// Fewest rounds per side for a verdict.
    static let minimumRounds = 5
    /// Largest difference of the sides' mean neighbour loads, in cores, for a verdict.
    static let loadBound = 0.5

    /// Why `before` and `after` (named as the user named them) cannot be judged, in one
    /// phrase; nil when they can.
    static func withheld(_ before: (run: RunResult, name: String), _ after: (run: RunResult, name: String)) -> String? {
        let counts = (before.run.rounds.count, after.run.rounds.count)
        if min(counts.0, counts.1) < minimumRounds {
            return "\(before.name) has \(rounds(counts.0)) and \(after.name) \(rounds(counts.1)); a verdict needs at "
                + "least \(minimumRounds) per side (bench --rounds \(minimumRounds), or bench compare --run OLD NEW)"
        }
        guard let old = meanLoad(before.run), let new = meanLoad(after.run), abs(old - new) > loadBound else {
            return nil
        }
        return String(
            format: "other processes kept %.2f cores busy during %@'s rounds against %.2f during %@'s "
                + "(more than %.1f apart): the machine, not the code, may explain a change",
            new, after.name, old, before.name, loadBound)
    }

    /// The mean neighbour load of `run`'s rounds; the mean 1-minute load average less the
    /// measuring process when the rounds did not record it (older files); nil when neither is
    /// known.
    static func meanLoad(_ run: RunResult) -> Double? {
        let loads = run.rounds.compactMap(\.neighbourLoad)
        if loads.count == run.rounds.count, !loads.isEmpty {
            return loads.reduce(0, +) / Double(loads.count)
        }
        let averages = run.rounds.compactMap(\.loadAverage.first)
        guard !averages.isEmpty else { return nil }
        return max(0, averages.reduce(0, +) / Double(averages.count) - 1)
    }

    private static func rounds(_ count: Int) -> String {
        count == 1 ? "1 round" : "\(count) rounds"
    }
}
