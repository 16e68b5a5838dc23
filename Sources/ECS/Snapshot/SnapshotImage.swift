/// A snapshot decoded but not yet loaded: the entity slots and the component values by type,
/// as both encodings read them. ``validate()`` checks everything a load relies on, so that
/// ``World/restore(_:)`` can build the world without failing halfway.
struct SnapshotImage {
    /// The generation of each entity index's slot.
    var generations: [UInt32] = []
    /// Whether each slot holds a live entity.
    var alive: [Bool] = []
    /// The free list's indices, bottom of the stack first (the last is reused first).
    var free: [UInt32] = []
    /// The indices destroyed since the last compaction, in destroy order.
    var pending: [UInt32] = []
    /// The component values, one section per component type.
    var sections: [any StagedComponents] = []

    /// Throws ``ECSError/Code-swift.enum/corruptSnapshot`` unless the image describes a world
    /// the ECS could have made: a live slot's generation is not exhausted; each dead slot whose
    /// generation is not exhausted is listed exactly once, in the free or the pending list, and
    /// nothing else is; every section names its entities once each, in ascending order, and
    /// only live ones; no component name repeats.
    func validate() throws(ECSError) {
        guard generations.count == alive.count else {
            throw ECSError(.corruptSnapshot, "snapshot has \(generations.count) generations for \(alive.count) slots")
        }
        guard generations.count <= Int(UInt32.max) else {
            throw ECSError(.corruptSnapshot, "snapshot has \(generations.count) slots, more than the \(UInt32.max) entity indices")
        }
        var reusable = 0
        for index in generations.indices where alive[index] || generations[index] != UInt32.max {
            guard !alive[index] || generations[index] != UInt32.max else {
                throw ECSError(.corruptSnapshot, "live entity index \(index) has the exhausted generation \(UInt32.max)")
            }
            if !alive[index] { reusable += 1 }
        }
        var listed = [Bool](repeating: false, count: generations.count)
        for (list, indices) in [("free", free), ("pending", pending)] {
            for index in indices {
                let slot = Int(index)
                guard slot < generations.count else {
                    throw ECSError(.corruptSnapshot, "\(list) list names entity index \(index) of a snapshot of \(generations.count) slots")
                }
                guard !alive[slot] else { throw ECSError(.corruptSnapshot, "\(list) list names the live entity index \(index)") }
                guard generations[slot] != UInt32.max else {
                    throw ECSError(.corruptSnapshot, "\(list) list names entity index \(index), whose generation is exhausted")
                }
                guard !listed[slot] else { throw ECSError(.corruptSnapshot, "entity index \(index) is listed twice as free") }
                listed[slot] = true
            }
        }
        guard free.count + pending.count == reusable else {
            throw ECSError(
                .corruptSnapshot,
                "snapshot lists \(free.count + pending.count) free entity indices, but \(reusable) dead slots can be reused")
        }
        var names = Set<String>()
        for section in sections {
            guard names.insert(section.name).inserted else {
                throw ECSError(.corruptSnapshot, "snapshot holds component \"\(section.name)\" twice")
            }
            var previous = -1
            for index in section.entities {
                let slot = Int(index)
                guard slot > previous else {
                    throw ECSError(.corruptSnapshot, "component \"\(section.name)\" lists entity index \(index) out of ascending order")
                }
                guard slot < generations.count else {
                    throw ECSError(.corruptSnapshot, "component \"\(section.name)\" names entity index \(index) of a snapshot of \(generations.count) slots")
                }
                guard alive[slot] else {
                    throw ECSError(.corruptSnapshot, "entity index \(index) is not alive but has a \"\(section.name)\" component")
                }
                previous = slot
            }
        }
    }
}
