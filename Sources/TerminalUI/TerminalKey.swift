/// A key press read from a terminal in raw mode.
public enum TerminalKey: Equatable, Sendable {
    /// An arrow key.
    case up, down, left, right
    /// Enter (carriage return, line feed, or the keypad's Enter).
    case enter
    /// The forward Delete key (`ESC [ 3 ~`).
    case delete
    /// Backspace (DEL or BS; the key labelled "delete" on a Mac keyboard).
    case backspace
    /// Home, End, Page Up and Page Down.
    case home, end, pageUp, pageDown
    /// Ctrl-Z, when the terminal reads it as a key (``RawTerminal/suspendKey``).
    case suspend
    /// Any other key, by its printable ASCII character.
    case character(Character)

    /// The keys in `bytes`: control sequences (`ESC [` with parameters, arrows in both
    /// `ESC [ A` and the application mode's `ESC O A`, Home, End, Page Up, Page Down and
    /// Delete, whatever their modifiers), Enter, Backspace, Ctrl-Z and printable ASCII characters. Other
    /// sequences, control bytes and bytes outside ASCII are skipped; a sequence cut off at the
    /// end of `bytes` is dropped.
    public static func decode(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                let (key, next) = controlSequence(bytes, from: index + 2)
                if let key { keys.append(key) }
                index = next
            } else if byte == 0x1B, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "O") {
                if let key = singleShift(bytes[index + 2]) { keys.append(key) }
                index += 3
            } else {
                if let key = plain(byte) { keys.append(key) }
                index += 1
            }
        }
        return keys
    }

    /// The key of a control sequence whose parameters start at `start` (after `ESC [`), and the
    /// index after its final byte.
    private static func controlSequence(_ bytes: [UInt8], from start: Int) -> (TerminalKey?, Int) {
        var index = start
        // Parameter bytes (digits, `;` and friends), then intermediate bytes, then one final byte.
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        let parameters = bytes[start..<index]
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count, (0x40...0x7E).contains(bytes[index]) else { return (nil, bytes.count) }
        let final = bytes[index]
        let first = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).first.map { String(decoding: $0, as: UTF8.self) }
        guard final == UInt8(ascii: "~") else { return (cursorKey(final), index + 1) }
        let key: TerminalKey? = switch first {
        case "1", "7": .home
        case "3": .delete
        case "4", "8": .end
        case "5": .pageUp
        case "6": .pageDown
        default: nil
        }
        return (key, index + 1)
    }

    /// The key of `ESC O` followed by `final` (the application cursor and keypad mode).
    private static func singleShift(_ final: UInt8) -> TerminalKey? {
        final == UInt8(ascii: "M") ? .enter : cursorKey(final)
    }

    /// The arrow, Home or End key that `final` ends, in both `ESC [` and `ESC O` sequences.
    private static func cursorKey(_ final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// The key of one byte outside a sequence.
    private static func plain(_ byte: UInt8) -> TerminalKey? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x1A: .suspend
        case 0x20..<0x7F: .character(Character(UnicodeScalar(byte)))
        default: nil
        }
    }
}
