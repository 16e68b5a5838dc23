/// Conversions between channel values and the canvas's packed pixels.
///
/// A packed pixel is a `UInt32` whose four bytes in memory are R, G, B, A (on any byte order),
/// premultiplied by alpha.
enum PixelPacking {
    /// Packs premultiplied channels, each `0...255`.
    @inline(__always)
    static func pack(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        UInt32(littleEndian: r | g << 8 | b << 16 | a << 24)
    }

    /// The premultiplied channels of a packed pixel, in R, G, B, A order.
    @inline(__always)
    static func channels(_ pixel: UInt32) -> SIMD4<UInt32> {
        let value = UInt32(littleEndian: pixel)
        return SIMD4(value & 0xFF, value >> 8 & 0xFF, value >> 16 & 0xFF, value >> 24)
    }

    /// Packs straight (not premultiplied) RGBA8 channels, rounding to nearest.
    static func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        let alpha = UInt32(a)
        func scale(_ channel: UInt8) -> UInt32 { (UInt32(channel) * alpha + 127) / 255 }
        return pack(scale(r), scale(g), scale(b), alpha)
    }

    /// The straight RGBA8 channels of a packed pixel; a fully transparent pixel gives zeros.
    static func straight(_ pixel: UInt32) -> SIMD4<UInt8> {
        let c = channels(pixel)
        let alpha = c[3]
        guard alpha > 0 else { return .zero }
        func unscale(_ channel: UInt32) -> UInt8 { UInt8(min(255, (channel * 255 + alpha / 2) / alpha)) }
        return SIMD4(unscale(c[0]), unscale(c[1]), unscale(c[2]), UInt8(alpha))
    }

    /// Clamps a finite component into `0...1`; `NaN` becomes 0.
    @inline(__always)
    static func unit(_ value: Float) -> Float {
        value > 0 ? (value < 1 ? value : 1) : 0
    }
}
