/// A premultiplied fill colour ready for source-over blending onto packed pixels.
struct PixelSource {
    /// The packed premultiplied colour.
    let pixel: UInt32
    /// `255 - alpha` of the colour: how much of the destination shows through.
    let inverseAlpha: UInt32

    /// The source for `color` drawn at `opacity`; `nil` when it would not change any pixel.
    ///
    /// Components are clamped into `0...1` and rounded to the nearest 8-bit value.
    @inline(__always)
    init?(color: RGBAColor, opacity: Float) {
        let alpha = PixelPacking.unit(color.a) * PixelPacking.unit(opacity)
        let alpha8 = UInt32(alpha * 255 + 0.5)
        guard alpha8 > 0 else { return nil }
        func channel(_ value: Float) -> UInt32 { UInt32(PixelPacking.unit(value) * alpha * 255 + 0.5) }
        pixel = PixelPacking.pack(channel(color.r), channel(color.g), channel(color.b), alpha8)
        inverseAlpha = 255 - alpha8
    }

    /// ``pixel`` repeated over four pixels.
    @inline(__always)
    var block: SIMD4<UInt32> { SIMD4(repeating: pixel) }

    /// ``inverseAlpha`` in every 16-bit lane.
    @inline(__always)
    private var inverseLanes: SIMD8<UInt16> { SIMD8(repeating: UInt16(truncatingIfNeeded: inverseAlpha)) }

    /// Whether the colour replaces the destination outright.
    var isOpaque: Bool { inverseAlpha == 0 }

    /// Source-over: `source + destination * (255 - alpha) / 255`, per channel, rounded to nearest.
    ///
    /// Two channels share each 32-bit multiply (the `0x00FF00FF` lane trick); every lane stays
    /// below 65 536, so no carry crosses a lane, and the sum never exceeds 255 per channel
    /// because a premultiplied channel is at most its alpha.
    @inline(__always)
    func over(_ destination: UInt32) -> UInt32 {
        var redBlue = (destination & 0x00FF_00FF) &* inverseAlpha &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var greenAlpha = ((destination >> 8) & 0x00FF_00FF) &* inverseAlpha &+ 0x0080_0080
        greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return pixel &+ (redBlue | greenAlpha)
    }

    /// Source-over on four pixels at once, with the same rounding as ``over(_:)``: each channel
    /// widens to a 16-bit lane, so one vector multiply serves eight channels.
    @inline(__always)
    func over(_ destination: SIMD4<UInt32>) -> SIMD4<UInt32> {
        // SAFETY (the three casts): `SIMD4<UInt32>` and `SIMD16<UInt8>` are both 16 bytes of
        // plain integers with no padding, and every bit pattern is a valid value of each.
        let bytes = unsafe unsafeBitCast(destination, to: SIMD16<UInt8>.self)
        let low = scaled(SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf))
        let high = scaled(SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf))
        let blockBytes = unsafe unsafeBitCast(block, to: SIMD16<UInt8>.self)
        let blended = SIMD16<UInt8>(
            lowHalf: SIMD8(truncatingIfNeeded: low), highHalf: SIMD8(truncatingIfNeeded: high)
        ) &+ blockBytes
        return unsafe unsafeBitCast(blended, to: SIMD4<UInt32>.self)
    }

    /// `round(channel * inverseAlpha / 255)` per lane.
    ///
    /// With `t = channel * inverseAlpha + 128` (below 65 536), `(t * 257) >> 16` equals the
    /// scalar form's `(t + (t >> 8)) >> 8`, and is a single high-half multiply.
    @inline(__always)
    private func scaled(_ channels: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let product = SIMD8<UInt32>(truncatingIfNeeded: channels &* inverseLanes &+ 128)
        return SIMD8<UInt16>(truncatingIfNeeded: (product &* 257) &>> 16)
    }
}
