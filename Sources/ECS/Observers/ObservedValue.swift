/// The address of the component value a callback reads: the stored value (or the value a
/// recorded `set` holds), valid for the duration of the call that passes it; none for a
/// destroy.
///
/// `@safe`: only the world makes one, from the address of a live value that no structural
/// change can move while callbacks run (they run under the callback guard), and only
/// ``World/erase(_:_:)`` reads through it, once, during the call.
@safe @usableFromInline
struct ObservedValue {
    /// The value's address, nil for a destroy.
    @usableFromInline let address: UnsafeRawPointer?

    /// The value at `address`.
    @usableFromInline
    init(_ address: UnsafeRawPointer?) { unsafe self.address = address }
}
