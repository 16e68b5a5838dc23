import Systems

/// libFuzzer entry point: decodes the input as a PNG stream. Decoding must either throw a
/// ``RenderError`` or return an image of consistent size, and an image that decodes must
/// survive encode -> decode unchanged (8-bit RGBA is lossless).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let image: RGBA8Image
    do {
        image = try PNGCodec.decode(bytes)
    } catch {
        return 0
    }
    precondition(image.pixels.count == image.width * image.height * 4, "decoded buffer does not match its size")
    do {
        let again = try PNGCodec.decode(try PNGCodec.encode(image))
        precondition(again == image, "decode -> encode -> decode changed the image")
    } catch {
        preconditionFailure("a decoded \(image.width)x\(image.height) image did not round-trip: \(error)")
    }
    return 0
}
