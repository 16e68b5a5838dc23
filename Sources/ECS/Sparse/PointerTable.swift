/// A table of `newCount` optional pointers holding the `count` entries of `old`, then nil;
/// `old`, present once `count > 0`, is freed. The sparse sets grow their page tables and the
/// registry its table of sets through it.
@unsafe
func grownPointerTable<Pointee>(
    _ old: UnsafeMutablePointer<UnsafeMutablePointer<Pointee>?>, count: Int, to newCount: Int
) -> UnsafeMutablePointer<UnsafeMutablePointer<Pointee>?> {
    precondition(newCount >= count, "a pointer table cannot shrink")
    // SAFETY: every entry of the fresh table is initialised (the old entries copied, the rest
    // nil) before the old table is freed, once.
    let fresh = UnsafeMutablePointer<UnsafeMutablePointer<Pointee>?>.allocate(capacity: newCount)
    unsafe fresh.initialize(repeating: nil, count: newCount)
    if count > 0 {
        unsafe fresh.update(from: old, count: count)
        unsafe old.deallocate()
    }
    return unsafe fresh
}
