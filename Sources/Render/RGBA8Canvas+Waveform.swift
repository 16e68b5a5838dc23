extension RGBA8Canvas {
    /// Draws a waveform from its peak columns (an audio library's `WaveformPeaks` holds them):
    /// column `c` is one vertical bar at `x + c` from `minimum[c]` to `maximum[c]`, with +1 at
    /// `y` and -1 at `y + height` (samples beyond ±1 are clipped); a silent column is a
    /// one-pixel line at the centre. Only the columns both arrays have are drawn.
    ///
    /// - Returns: The columns drawn; none when `height` is not a positive finite number or the
    ///   colour is invalid.
    @discardableResult
    public mutating func drawWaveform(
        minimum: [Float], maximum: [Float], x: Float, y: Float, height: Float, color: RGBAColor
    ) -> Int {
        guard height.isFinite, height > 0 else { return 0 }
        var drawn = 0
        for column in 0..<min(minimum.count, maximum.count) {
            let high = min(1, max(-1, maximum[column]))
            let low = min(1, max(-1, minimum[column]))
            var top = y + (1 - high) / 2 * height
            var bottom = y + (1 - low) / 2 * height
            if bottom - top < 1 {
                let middle = (top + bottom) / 2
                top = middle - 0.5
                bottom = middle + 0.5
            }
            if fillRect(x: x + Float(column), y: top, width: 1, height: bottom - top, color: color) {
                drawn += 1
            }
        }
        return drawn
    }
}
