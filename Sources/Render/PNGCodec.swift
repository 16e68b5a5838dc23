import CPNG

/// Encodes and decodes 8-bit RGBA PNG data in memory through libpng's simplified API.
///
/// libpng reports errors by `longjmp`, which must never cross a Swift frame. The simplified
/// API (`png_image_*`) catches its own `longjmp` inside libpng and returns 0 with a message in
/// the `png_image`, so every libpng failure here becomes a typed ``RenderError``:
/// - empty bytes, or bytes without the PNG signature, are ``RenderErrorCode/formatInvalid``;
/// - a stream that ends early is ``RenderErrorCode/dataTruncated``;
/// - a checksum (CRC) error or damaged chunk or image data is ``RenderErrorCode/dataCorrupt``;
/// - an image larger than the caps of ``RenderLimits`` is ``RenderErrorCode/outOfMemory`` and is
///   rejected from its header, before the pixels are allocated;
/// - encoding failures are ``RenderErrorCode/renderFailed``.
///
/// A `png_image` holds a pointer to libpng's private state, so every use of one is marked
/// `unsafe`: each lives in a local variable, libpng frees its state before a call returns
/// failure (or `png_image_free` does it), and memory handed to libpng is borrowed only for
/// the calls that read or write it.
public enum PNGCodec {
    /// The eight bytes every PNG stream starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The type and CRC of the empty `IEND` chunk that closes every PNG stream.
    private static let endChunk: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Encodes `image` as an 8-bit RGBA PNG stream.
    ///
    /// - Throws: ``RenderErrorCode/renderFailed`` when libpng fails.
    public static func encode(_ image: RGBA8Image) throws(RenderError) -> [UInt8] {
        // Incompressible rows grow by one filter byte each, deflate adds 5 bytes per stored
        // block of up to 64 KiB, libpng 12 bytes per IDAT chunk of 8 KiB, and the other chunks
        // stay under 1 KiB. Should libpng still need more, it says how much, and a retry uses that.
        let rawSize = image.pixels.count + image.height
        var capacity = rawSize + rawSize / 512 + 1_024
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var written = capacity
            var descriptor = unsafe Self.descriptor(width: image.width, height: image.height)
            // SAFETY: libpng writes at most `written` (the output's byte count) bytes into the
            // output's own storage and reads `width * height * 4` bytes of pixels, which an
            // image always holds; both buffers are borrowed only for the call, and the
            // descriptor is a local that libpng frees its state from before returning.
            let succeeded = unsafe output.withUnsafeMutableBytes { memory in
                unsafe image.pixels.withUnsafeBytes { pixels in
                    unsafe png_image_write_to_memory(&descriptor, memory.baseAddress, &written, 0, pixels.baseAddress, 0, nil)
                }
            }
            if succeeded != 0 {
                output.removeSubrange(written...)
                return output
            }
            guard written > capacity else {
                throw RenderError(.renderFailed, "libpng could not encode the image: \(unsafe Self.message(of: descriptor))")
            }
            capacity = written
        }
        throw RenderError(.renderFailed, "libpng needed more output memory than it reported")
    }

    /// Encodes the canvas's pixels as an 8-bit RGBA PNG stream (straight alpha).
    ///
    /// - Throws: ``RenderErrorCode/renderFailed`` when libpng fails.
    public static func encode(_ canvas: RGBA8Canvas) throws(RenderError) -> [UInt8] {
        try encode(canvas.image())
    }

    /// Encodes `pixels`, `width * height` straight RGBA8 pixels row by row, as a PNG stream.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when the size or buffer length is wrong,
    ///   ``RenderErrorCode/renderFailed`` when libpng fails.
    public static func encode(pixels: [UInt8], width: Int, height: Int) throws(RenderError) -> [UInt8] {
        try encode(RGBA8Image(width: width, height: height, pixels: pixels))
    }

    /// Decodes a PNG stream of any colour type and bit depth into 8-bit straight RGBA.
    ///
    /// - Throws: ``RenderErrorCode/formatInvalid`` when the bytes are empty or not a PNG stream,
    ///   ``RenderErrorCode/dataTruncated`` when the stream ends early,
    ///   ``RenderErrorCode/dataCorrupt`` when a checksum fails or the data is damaged,
    ///   ``RenderErrorCode/outOfMemory`` when the image exceeds the caps of ``RenderLimits``.
    public static func decode(_ bytes: [UInt8]) throws(RenderError) -> RGBA8Image {
        guard !bytes.isEmpty else {
            throw RenderError(.formatInvalid, "PNG data is empty")
        }
        guard bytes.starts(with: signature) else {
            throw RenderError(.formatInvalid, "data does not start with the PNG signature")
        }
        // libpng stops reading after the image data, so a stream cut just before its end
        // chunk would otherwise pass as complete.
        guard bytes.dropFirst(signature.count).firstRange(of: endChunk) != nil else {
            throw RenderError(.dataTruncated, "PNG data ends before its IEND chunk")
        }
        // libpng reads from `memory` until `png_image_finish_read` returns, so both calls stay
        // inside one borrow of the bytes.
        // SAFETY: libpng reads only the `memory.count` bytes it is given, and only inside this
        // borrow: it frees its state when `png_image_finish_read` returns or either call fails,
        // and `png_image_free` frees it on the one path that stops in between.
        let result = unsafe bytes.withUnsafeBytes { memory -> Result<RGBA8Image, RenderError> in
            var descriptor = unsafe Self.descriptor(width: 0, height: 0)
            guard unsafe png_image_begin_read_from_memory(&descriptor, memory.baseAddress, memory.count) != 0 else {
                return .failure(Self.decodeError(unsafe Self.message(of: descriptor)))
            }
            let width = unsafe Int(descriptor.width)
            let height = unsafe Int(descriptor.height)
            do throws(RenderError) {
                try RenderLimits.validate(width: width, height: height)
            } catch {
                unsafe png_image_free(&descriptor)
                return .failure(RenderError(.outOfMemory, "PNG image is too large: \(error.detail)"))
            }
            unsafe descriptor.format = Self.rgbaFormat
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            // SAFETY: with the RGBA format, a row stride of 0 (packed rows) and no colour map,
            // libpng writes exactly `width * height * 4` bytes, the output's byte count, into
            // its own storage, borrowed only for the call.
            let finished = unsafe pixels.withUnsafeMutableBytes { output in
                unsafe png_image_finish_read(&descriptor, nil, output.baseAddress, 0, nil)
            }
            guard finished != 0 else {
                return .failure(Self.decodeError(unsafe Self.message(of: descriptor)))
            }
            return .success(RGBA8Image(validatedWidth: width, height: height, pixels: pixels))
        }
        return try result.get()
    }

    /// `PNG_FORMAT_RGBA`: colour plus alpha, 8 bits per channel, R, G, B, A order.
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// A `png_image` for straight 8-bit RGBA of the given size.
    private static func descriptor(width: Int, height: Int) -> png_image {
        // SAFETY: a zeroed `png_image` holds no state pointer yet; only plain fields are set.
        var descriptor = unsafe png_image()
        unsafe descriptor.version = UInt32(PNG_IMAGE_VERSION)
        unsafe descriptor.width = UInt32(width)
        unsafe descriptor.height = UInt32(height)
        unsafe descriptor.format = Self.rgbaFormat
        return unsafe descriptor
    }

    /// The error for libpng's decoding failure `message`: libpng's text names the cause, for
    /// example `IDAT: CRC error`, `Not enough image data` or `IHDR: invalid width`.
    static func decodeError(_ message: String) -> RenderError {
        let text = message.lowercased()
        if text.contains("crc") {
            return RenderError(.dataCorrupt, "PNG checksum (CRC) mismatch: \(message)")
        }
        if ["not enough", "read beyond end", "unexpected end", "truncated", "too short"].contains(where: text.contains) {
            return RenderError(.dataTruncated, "PNG data ends early: \(message)")
        }
        return RenderError(.dataCorrupt, "PNG data is damaged: \(message)")
    }

    /// libpng's message for the last failure recorded in `descriptor`.
    private static func message(of descriptor: png_image) -> String {
        // SAFETY: the message is a fixed-size array inside the descriptor, viewed as bytes only
        // inside the closure; `prefix` stops at its end even when no NUL terminates it.
        unsafe withUnsafeBytes(of: descriptor.message) { bytes in
            let text = unsafe String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}
