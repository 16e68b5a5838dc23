/// A key press of the game.
enum TerminalKey: Equatable {
    /// An arrow key.
    case up, down, left, right
    /// Any other key, by its character.
    case character(Character)

    /// The keys in `bytes`: arrow escape sequences (`ESC [ A`…, and `ESC O A`… in application
    /// mode) and printable characters, with Enter read as space; other escape sequences and
    /// control bytes are skipped.
    static func decode(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") {
                switch bytes[index + 2] {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: break
                }
                index += 3
            } else {
                if byte >= 0x20, byte < 0x7F { keys.append(.character(Character(UnicodeScalar(byte)))) }
                if byte == 0x0D || byte == 0x0A { keys.append(.character(" ")) }
                index += 1
            }
        }
        return keys
    }
}
