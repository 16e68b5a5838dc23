import Foundation

/// An ordered list of tracks with its sort key, direction and the order in which the tracks
/// were added.
public struct Playlist: Identifiable, Equatable, Sendable {
    /// The playlist's identity.
    public let id: UUID
    /// The name shown to the user.
    public var name: String
    /// The tracks in play order.
    public private(set) var tracks: [Track]
    /// The key of the last sort.
    public private(set) var sortKey: PlaylistSortKey = .insertionOrder
    /// The direction of the last sort.
    public private(set) var sortAscending = true
    /// The identities of the tracks in the order they were added.
    public private(set) var insertionOrder: [Track.ID]

    /// Creates a playlist holding `tracks`, added in that order.
    public init(id: UUID = UUID(), name: String, tracks: [Track] = []) {
        self.id = id
        self.name = name
        self.tracks = tracks
        insertionOrder = tracks.map(\.id)
    }

    /// Whether the playlist has no tracks.
    public var isEmpty: Bool { tracks.isEmpty }

    /// The position of the track with identity `id`, if present.
    public func index(of id: Track.ID) -> Int? {
        tracks.firstIndex { $0.id == id }
    }

    /// Adds `track` at the end.
    public mutating func append(_ track: Track) {
        tracks.append(track)
        insertionOrder.append(track.id)
    }

    /// Removes every track.
    public mutating func removeAll() {
        tracks.removeAll()
        insertionOrder.removeAll()
    }

    /// Removes the track with identity `id`.
    ///
    /// - Throws: ``PlaybackError/invalidArgument(_:)`` when no track has that identity.
    public mutating func remove(_ id: Track.ID) throws(PlaybackError) {
        guard let index = index(of: id) else { throw .invalidArgument("no track \(id) in the playlist") }
        tracks.remove(at: index)
        insertionOrder.removeAll { $0 == id }
    }

    /// Moves the tracks at `offsets` so that they sit, in their order, before the track that
    /// was at `destination` (`IndexSet` semantics of SwiftUI's `move(fromOffsets:toOffset:)`;
    /// `destination == tracks.count` moves them to the end).
    ///
    /// - Throws: ``PlaybackError/invalidArgument(_:)`` when an offset is outside the tracks or
    ///   `destination` outside `0…tracks.count`; the playlist is then unchanged.
    public mutating func move(fromOffsets offsets: IndexSet, toOffset destination: Int) throws(PlaybackError) {
        if let last = offsets.last, last >= tracks.count {
            throw .invalidArgument("offset \(last) is outside the playlist's \(tracks.count) tracks")
        }
        guard destination >= 0, destination <= tracks.count else {
            throw .invalidArgument("destination \(destination) is outside 0…\(tracks.count)")
        }
        let moving = offsets.map { tracks[$0] }
        let before = offsets.count(in: 0..<destination)
        for offset in offsets.reversed() { tracks.remove(at: offset) }
        tracks.insert(contentsOf: moving, at: destination - before)
    }

    /// Sorts the tracks by `key` in the given direction; ``PlaylistSortKey/insertionOrder``
    /// restores the order in which they were added. Titles, artists and albums compare as a
    /// file browser orders names: case aside, numbers by value (`2` before `10`). Equal keys keep
    /// their current order.
    public mutating func sort(by key: PlaylistSortKey, ascending: Bool = true) {
        sortKey = key
        sortAscending = ascending
        let added = Dictionary(uniqueKeysWithValues: insertionOrder.enumerated().map { ($1, $0) })
        let ordered = tracks.enumerated().sorted { lhs, rhs in
            let order = Self.compare(lhs.element, rhs.element, by: key, added: added)
            if order == .orderedSame { return lhs.offset < rhs.offset }
            return ascending ? order == .orderedAscending : order == .orderedDescending
        }
        tracks = ordered.map(\.element)
    }

    /// The order of two tracks under `key`.
    private static func compare(_ lhs: Track, _ rhs: Track, by key: PlaylistSortKey, added: [Track.ID: Int]) -> ComparisonResult {
        switch key {
        case .insertionOrder:
            return compareValues(added[lhs.id] ?? 0, added[rhs.id] ?? 0)
        case .title:
            return naturalOrder(lhs.title, rhs.title)
        case .artist:
            return naturalOrder(lhs.artist, rhs.artist)
        case .album:
            return naturalOrder(lhs.album, rhs.album)
        case .duration:
            return compareValues(lhs.duration ?? -1, rhs.duration ?? -1)
        }
    }

    /// The order of two names: case aside, runs of digits by their value.
    private static func naturalOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs.compare(rhs, options: [.caseInsensitive, .numeric])
    }

    /// The order of two comparable values.
    private static func compareValues<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
    }
}
