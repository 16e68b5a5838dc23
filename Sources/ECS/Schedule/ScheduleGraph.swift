/// The dependency graph of a schedule's systems, built once from their orderings and accesses.
///
/// Edges come from two places: the explicit `before`/`after` orders (each label standing for a
/// system or every member of a set), and every pair of systems whose accesses conflict (or that
/// are one instance added twice) and that no path orders yet, which get an edge in the order
/// they were added. A cycle of explicit orders is an error naming it. The systems are then
/// split into segments at the exclusive systems: since an exclusive system conflicts with every
/// other, each system runs either before or after it, and a segment between two of them runs
/// with structural changes locked out.
struct ScheduleGraph {
    /// A run of systems between exclusive systems, or one exclusive system.
    struct Segment {
        /// Whether the segment is one exclusive system, run alone.
        let isExclusive: Bool
        /// Its systems in topological order; those of a parallel segment may run in parallel
        /// as their predecessors end.
        let order: [Int]
        /// Its systems in the order they were added: the order their commands are applied in.
        let members: [Int]

        /// A segment of `order`.
        init(exclusive: Bool, _ order: [Int]) {
            isExclusive = exclusive
            self.order = order
            members = order.sorted()
        }
    }

    /// Successors of each system.
    let successors: [[Int]]
    /// Every system reachable from each system (its descendants), as bit sets.
    let descendants: [BitSet]
    /// A topological order: Kahn's algorithm taking the earliest-added ready system first.
    let order: [Int]
    /// The segments, in run order.
    let segments: [Segment]
    /// Conflicting pairs that no explicit order relates.
    let ambiguities: [(Int, Int)]

    /// The graph of `systems` with `orderings` (one per system); a label in `declaredSets`
    /// that no system belongs to orders against nothing.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a label that names no system
    ///   or set and for a system ordered relative to itself; ``ECSError/Code-swift.enum/cycle``
    ///   naming the systems of a cycle of explicit orders.
    init(systems: [any System], orderings: [SystemOrdering], declaredSets: Set<String> = []) throws(ECSError) {
        let count = systems.count
        var members: [String: [Int]] = [:]
        for (index, system) in systems.enumerated() {
            members[system.name, default: []].append(index)
            for set in orderings[index].sets where !members[set, default: []].contains(index) {
                members[set, default: []].append(index)
            }
        }
        var reach = [BitSet](repeating: BitSet(count: count), count: count)
        var successors = [[Int]](repeating: [], count: count)
        func resolve(_ label: String, for index: Int) throws(ECSError) -> [Int] {
            guard let found = members[label] else {
                if declaredSets.contains(label) { return [] }
                throw ECSError(
                    .invalidArgument, "system '\(systems[index].name)' is ordered against '\(label)', which names no system or set of its schedule")
            }
            let others = found.filter { $0 != index }
            guard !others.isEmpty else {
                throw ECSError(.invalidArgument, "system '\(systems[index].name)' is ordered against itself ('\(label)')")
            }
            return others
        }
        var explicit: [(Int, Int)] = []
        for index in 0..<count {
            for label in orderings[index].after { for other in try resolve(label, for: index) { explicit.append((other, index)) } }
            for label in orderings[index].before { for other in try resolve(label, for: index) { explicit.append((index, other)) } }
        }
        for (from, to) in explicit where !successors[from].contains(to) { successors[from].append(to) }
        if let cycle = Self.cycle(successors) {
            let names = (cycle + [cycle[0]]).map { "'\(systems[$0].name)'" }.joined(separator: " -> ")
            throw ECSError(.cycle, "the ordering constraints form a cycle: \(names)", metadata: ["cycle": names])
        }
        for (from, to) in explicit { Self.connect(from, to, &reach) }
        var ambiguities: [(Int, Int)] = []
        for second in 0..<count {
            for first in 0..<second where Self.conflict(systems[first], systems[second]) {
                if reach[first].contains(second) || reach[second].contains(first) { continue }
                ambiguities.append((first, second))
            }
        }
        for second in 0..<count {
            for first in 0..<second where Self.conflict(systems[first], systems[second]) {
                if reach[first].contains(second) || reach[second].contains(first) { continue }
                successors[first].append(second)
                Self.connect(first, second, &reach)
            }
        }
        self.successors = successors
        descendants = reach
        self.ambiguities = ambiguities
        order = Self.topologicalOrder(successors)
        var segments: [Segment] = []
        var run: [Int] = []
        for index in order {
            if systems[index].access.isExclusive {
                if !run.isEmpty { segments.append(Segment(exclusive: false, run)) }
                run = []
                segments.append(Segment(exclusive: true, [index]))
            } else {
                run.append(index)
            }
        }
        if !run.isEmpty { segments.append(Segment(exclusive: false, run)) }
        self.segments = segments
    }

    /// Whether two systems may not run at the same time.
    static func conflict(_ first: any System, _ second: any System) -> Bool {
        first === second || first.access.conflicts(with: second.access)
    }

    /// Adds the edge `from -> to` to the transitive closure `reach`.
    private static func connect(_ from: Int, _ to: Int, _ reach: inout [BitSet]) {
        var added = reach[to]
        added.insert(to)
        for index in reach.indices where index == from || reach[index].contains(from) {
            reach[index].formUnion(added)
        }
    }

    /// One cycle of `successors`, as the systems along it, or nil when there is none.
    private static func cycle(_ successors: [[Int]]) -> [Int]? {
        var state = [UInt8](repeating: 0, count: successors.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        func visit(_ node: Int) -> [Int]? {
            state[node] = 1
            path.append(node)
            for next in successors[node] {
                if state[next] == 1, let start = path.firstIndex(of: next) { return Array(path[start...]) }
                if state[next] == 0, let found = visit(next) { return found }
            }
            path.removeLast()
            state[node] = 2
            return nil
        }
        for node in successors.indices where state[node] == 0 {
            if let found = visit(node) { return found }
        }
        return nil
    }

    /// Kahn's algorithm, taking the earliest-added ready system first.
    private static func topologicalOrder(_ successors: [[Int]]) -> [Int] {
        var remaining = [Int](repeating: 0, count: successors.count)
        for next in successors.joined() { remaining[next] += 1 }
        var ready = remaining.indices.filter { remaining[$0] == 0 }
        var order: [Int] = []
        while let node = ready.min() {
            ready.removeAll { $0 == node }
            order.append(node)
            for next in successors[node] {
                remaining[next] -= 1
                if remaining[next] == 0 { ready.append(next) }
            }
        }
        return order
    }
}

/// A fixed-size set of small integers, one bit each.
struct BitSet: Equatable {
    private var words: [UInt64]

    /// An empty set for integers below `count`.
    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    /// Whether `value` is in the set.
    func contains(_ value: Int) -> Bool { words[value >> 6] & (1 << UInt64(value & 63)) != 0 }

    /// Adds `value`.
    mutating func insert(_ value: Int) { words[value >> 6] |= 1 << UInt64(value & 63) }

    /// Adds every member of `other`, which has the same size.
    mutating func formUnion(_ other: BitSet) {
        for index in words.indices { words[index] |= other.words[index] }
    }
}
