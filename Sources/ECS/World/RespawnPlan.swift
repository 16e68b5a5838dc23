/// The ids and rows of an in-place ``World/respawn(_:threads:_:)``, taken before its blocks
/// run: the `k`-th listed entity's successor is the `k`-th id the loop's spawns would take (the
/// free list read down from `reusedTop`, then the fresh slots from `firstFresh`), and it takes
/// its predecessor's row.
///
/// Blocks on different threads write disjoint memory: every listed entity is alive, listed
/// once and in `table`, so each `k` writes its own predecessor's slot and row; the successors'
/// slots are dead (free or fresh) and distinct from each other and from the listed ones.
///
/// Holding a plan is safe; ``replace(_:number:)``, which writes through its pointers, is
/// `@unsafe`.
@safe @usableFromInline
struct RespawnPlan {
    /// The world's slot buffer, with the fresh slots already appended.
    @usableFromInline let slots: UnsafeMutablePointer<EntitySlots.Slot>
    /// The free-id stack's buffer; ids `reusedTop - reused ..< reusedTop` are the ones taken.
    @usableFromInline let freeIDs: UnsafeMutablePointer<Entity>
    /// The free-id count before the ids were taken.
    @usableFromInline let reusedTop: Int
    /// The ids taken from the free list.
    @usableFromInline let reused: Int
    /// The first fresh slot.
    @usableFromInline let firstFresh: Int
    /// The table every listed entity lives in.
    @usableFromInline let table: UnsafeMutablePointer<TableStorage>
    /// Where the new components go.
    @usableFromInline let bundle: SpawnBundle

    @usableFromInline
    init(
        slots: UnsafeMutablePointer<EntitySlots.Slot>, freeIDs: UnsafeMutablePointer<Entity>, reusedTop: Int, reused: Int,
        firstFresh: Int, table: UnsafeMutablePointer<TableStorage>, bundle: SpawnBundle
    ) {
        unsafe self.slots = slots
        unsafe self.freeIDs = freeIDs
        self.reusedTop = reusedTop
        self.reused = reused
        self.firstFresh = firstFresh
        unsafe self.table = table
        self.bundle = bundle
    }

    /// Retires `old`, the `number`-th listed entity, and places its successor in its row;
    /// returns the successor and the row, whose values the caller then initialises.
    @unsafe @inlinable @inline(__always)
    func replace(_ old: Entity, number: Int) -> (Entity, Int) {
        let new = number < reused
            ? unsafe freeIDs[reusedTop &- 1 &- number]
            : Entity(index: UInt32(truncatingIfNeeded: firstFresh &+ (number &- reused)), generation: 0)
        // SAFETY: both indexes are below the slot count (the listed entity is alive, the new id
        // was free or appended); the rows of listed entities lie in the table's live prefix.
        precondition(unsafe slots[Int(new.index)].table == nil, "free entity index \(new.index) holds a live entity")
        let row = unsafe Int(slots[Int(old.index)].row)
        unsafe slots[Int(old.index)] = .dead(generation: old.generation &+ 1)
        unsafe table.pointee.setEntity(new, at: row)
        unsafe slots[Int(new.index)].table = table
        unsafe slots[Int(new.index)].row = UInt32(truncatingIfNeeded: row)
        return (new, row)
    }
}
