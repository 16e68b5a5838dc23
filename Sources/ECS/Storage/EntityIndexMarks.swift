/// A bitmap over entity indexes that is clear between uses: the duplicate check of a batch of
/// entities, one bit test per entity, with the bitmap's memory kept from one batch to the next.
struct EntityIndexMarks {
    /// One bit per entity index, all clear between calls.
    private var words: [UInt64] = []

    /// The first entity of `entities` whose index occurs earlier in the list, or nil when
    /// every index occurs once. Every index must be below `slotCount`. Leaves the marks clear.
    mutating func firstRepeated(in entities: [Entity], slotCount: Int) -> Entity? {
        let needed = (slotCount + 63) / 64
        if words.count < needed { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
        var repeated: Entity?
        var marked = 0
        for entity in entities {
            let (word, bit) = (Int(entity.index) / 64, UInt64(1) << (entity.index % 64))
            if words[word] & bit != 0 {
                repeated = entity
                break
            }
            words[word] |= bit
            marked += 1
        }
        for entity in entities.prefix(marked) { words[Int(entity.index) / 64] = 0 }
        return repeated
    }
}
