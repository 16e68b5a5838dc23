import Render

/// Text measuring for charts: widths, line heights and lines wrapped to a width.
extension FontFace {
    /// The width in pixels of `text` at `size`.
    func width(_ text: String, size: Int) throws(RenderError) -> Int {
        try measure(text, size: size).width
    }

    /// The height in pixels of a line of text at `size`.
    func lineHeight(size: Int) throws(RenderError) -> Int {
        try measure("Ag", size: size).height
    }

    /// `text` broken at spaces into lines at most `width` pixels wide, at most `maxLines`
    /// of them; a cut-off last line ends in an ellipsis. A single word wider than `width`
    /// stays whole on its line.
    func wrap(_ text: String, width: Int, size: Int, maxLines: Int) throws(RenderError) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            let fits = try self.width(candidate, size: size) <= width
            if current.isEmpty || fits {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        var last = lines[maxLines - 1] + " …"
        while try self.width(last, size: size) > width, last.count > 2 {
            last = String(last.dropLast(3)) + " …"
        }
        return Array(lines.prefix(maxLines - 1)) + [last]
    }
}
