/// The counters the tile game keeps besides its saves, under these keys:
/// `level_count_<key>` per level key, and `casual_best_time_<dim>` and
/// `casual_best_moves_<dim>` per casual grid dimension.
public struct TileRecords {
    /// The store holding the counters.
    public let store: any KeyValueStore

    /// Records kept in `store`.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// Levels completed under `key` (0 when none or unreadable).
    public func levelCount(_ key: String) throws(KeyValueStoreError) -> Int {
        max(0, try store.integer(forKey: "level_count_\(key)") ?? 0)
    }

    /// Adds one completed level under `key`.
    public func incrementLevel(_ key: String) throws(KeyValueStoreError) {
        try setLevelCount(levelCount(key) + 1, key)
    }

    /// Sets the levels completed under `key` to `count`, so that the next game plays level
    /// `count + 1`.
    public func setLevelCount(_ count: Int, _ key: String) throws(KeyValueStoreError) {
        try store.set(count, forKey: "level_count_\(key)")
    }

    /// The best casual time on a `dimension` grid, in seconds.
    public func bestTime(dimension: Int) throws(KeyValueStoreError) -> Double? {
        try store.double(forKey: "casual_best_time_\(dimension)")
    }

    /// The fewest casual moves on a `dimension` grid.
    public func bestMoves(dimension: Int) throws(KeyValueStoreError) -> Int? {
        try store.integer(forKey: "casual_best_moves_\(dimension)")
    }

    /// Records a casual win on a `dimension` grid, keeping each best (time and moves apart).
    public func recordWin(dimension: Int, time: Double, moves: Int) throws(KeyValueStoreError) {
        if try bestTime(dimension: dimension).map({ time < $0 }) ?? true {
            try store.set(time, forKey: "casual_best_time_\(dimension)")
        }
        if try bestMoves(dimension: dimension).map({ moves < $0 }) ?? true {
            try store.set(moves, forKey: "casual_best_moves_\(dimension)")
        }
    }
}
