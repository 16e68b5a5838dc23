/// Text measured and cut in terminal columns: wide characters (CJK, emoji) take two columns,
/// combining marks none, and control characters (which could move the cursor or change the
/// screen when they come from a file's tags) are shown as spaces.
public enum TerminalText {
    /// The columns `text` takes.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` with control characters replaced by spaces, cut to at most `columns` columns: a
    /// longer text ends in `…`.
    public static func clip(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
        guard width(printable) > columns else { return printable }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in printable.unicodeScalars {
            let scalarWidth = width(of: scalar)
            if used + scalarWidth > columns - 1 { break }
            result.append(scalar)
            used += scalarWidth
        }
        return String(result) + "…"
    }

    /// `text` clipped to `columns` (``clip(_:to:)``) and padded with spaces to exactly that width.
    public static func fit(_ text: String, to columns: Int) -> String {
        let clipped = clip(text, to: columns)
        return clipped + String(repeating: " ", count: max(0, columns - width(clipped)))
    }

    /// `text` clipped to `columns` and padded on the left to exactly that width.
    public static func fitRight(_ text: String, to columns: Int) -> String {
        let clipped = clip(text, to: columns)
        return String(repeating: " ", count: max(0, columns - width(clipped))) + clipped
    }

    /// The columns one scalar takes.
    private static func width(of scalar: Unicode.Scalar) -> Int {
        if isControl(scalar) { return 1 }  // shown as a space
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(scalar.value) { return 0 }  // variation selectors
        if properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
        return 1
    }

    /// Whether a scalar is a C0 or C1 control character or DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// East Asian wide and fullwidth blocks (Hangul Jamo, CJK, kana, Hangul, fullwidth forms).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
