/// One value of a parsed JSON text in a ``JSONTape``: its kind, where its text is, and for an
/// object or array where it ends in the tape. An object's members follow it as name, value,
/// name, value; an array's elements follow it in order.
struct JSONToken {
    /// The kinds of JSON value; strings and numbers are told apart by what reading them needs.
    enum Kind: UInt8 {
        case object, array
        /// A string without escapes: its text is its bytes.
        case string
        /// A string with at least one backslash escape.
        case escapedString
        /// A number without fraction or exponent.
        case integer
        /// A number with a fraction or an exponent.
        case number
        case `true`, `false`, null
    }

    /// What the value is.
    var kind: Kind
    /// Byte offset of the value: its bracket, the first byte inside a string's quotes, or the
    /// first byte of a number or literal.
    var start: UInt32
    /// For a scalar, the byte offset just past its text (a string's closing quote); for an
    /// object or array, the index of the token after its last one.
    var end: UInt32
    /// The members of an object or the elements of an array.
    var count: UInt32
}
