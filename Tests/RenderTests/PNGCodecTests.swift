import Foundation
import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import Render

@Suite("PNG codec")
struct PNGCodecTests {
    @Test("encoding then decoding gives the same size and pixels", arguments: [(1, 1), (37, 23), (300, 300), (2, 64)])
    func roundTrip(width: Int, height: Int) throws {
        let image = try makePatternImage(width: width, height: height)
        let encoded = try PNGCodec.encode(image)
        #expect(encoded.starts(with: PNGCodec.signature))
        #expect(try PNGCodec.decode(encoded) == image)
    }

    @Test("incompressible pixels round-trip")
    func noise() throws {
        var state: UInt64 = 42
        let pixels = (0..<(257 * 129 * 4)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let image = try RGBA8Image(width: 257, height: 129, pixels: pixels)
        let encoded = try PNGCodec.encode(image)
        #expect(encoded.count > pixels.count)
        #expect(try PNGCodec.decode(encoded) == image)
    }

    @Test("the canvas and raw-pixel forms encode the same stream")
    func encodeForms() throws {
        var canvas = try RGBA8Canvas(width: 20, height: 10, background: .white)
        canvas.fillRotatedRect(center: SIMD2(10, 5), size: SIMD2(8, 4), rotation: 0.5, color: .black, opacity: 0.5)
        let image = canvas.image()
        let fromCanvas = try PNGCodec.encode(canvas)
        #expect(fromCanvas == (try PNGCodec.encode(image)))
        #expect(fromCanvas == (try PNGCodec.encode(pixels: image.pixels, width: 20, height: 10)))
        let error = #expect(throws: RenderError.self) {
            try PNGCodec.encode(pixels: image.pixels, width: 21, height: 10)
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test("files round-trip, and a missing file is resourceNotFound")
    func files() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let image = try makePatternImage(width: 16, height: 9)
        let path = directory + "/image.png"
        try PNGCodec.write(image, to: path)
        #expect(try PNGCodec.read(contentsOf: path) == image)
        let canvas = RGBA8Canvas(image: try makePatternImage(width: 5, height: 3, opaque: true))
        try PNGCodec.write(canvas, to: path)
        #expect(try PNGCodec.read(contentsOf: path) == canvas.image())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["image.png"])

        for missingPath in [directory + "/none.png", path + "/below-a-file.png"] {
            let missing = #expect(throws: RenderError.self) { try PNGCodec.read(contentsOf: missingPath) }
            #expect(missing?.code == .resourceNotFound)
            #expect(missing?.detail.hasPrefix("no file at \(missingPath)") == true, "\(String(describing: missing))")
        }
    }

    @Test("unwritable paths are resourceUnwritable, say why, and leave nothing behind")
    func unwritablePaths() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let image = try makePatternImage(width: 4, height: 4)
        let cases = [
            (directory + "/missing/sub/image.png", "no directory \(directory)/missing/sub"),
            (directory, "cannot write \(directory): it is a directory"),
        ]
        for (path, reason) in cases {
            let error = #expect(throws: RenderError.self) { try PNGCodec.write(image, to: path) }
            #expect(error?.code == .resourceUnwritable)
            #expect(error?.detail.contains(reason) == true, "\(String(describing: error))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("empty, non-PNG, truncated and CRC-corrupted data each get their own code and message")
    func malformedData() throws {
        let valid = try PNGCodec.encode(makePatternImage(width: 32, height: 32))
        let dataStart = try #require(valid.firstRange(of: Array("IDAT".utf8))).lowerBound
        let dataLength = valid[dataStart - 4..<dataStart].reduce(0) { $0 << 8 | Int($1) }
        var badDataCRC = valid
        badDataCRC[dataStart + 4 + dataLength] ^= 0x01
        var badHeaderCRC = valid
        badHeaderCRC[29] ^= 0x80
        var badPixels = valid
        badPixels[dataStart + 4 + dataLength / 2] ^= 0xFF
        let cases: [(String, [UInt8], RenderErrorCode, String)] = [
            ("empty", [], .formatInvalid, "PNG data is empty"),
            ("text", Array("this is not a PNG file".utf8), .formatInvalid, "PNG signature"),
            ("signature only", PNGCodec.signature, .dataTruncated, "IEND"),
            ("truncated header", Array(valid.prefix(20)), .dataTruncated, "IEND"),
            ("truncated data", Array(valid.prefix(valid.count / 2)), .dataTruncated, "IEND"),
            ("missing end", Array(valid.dropLast(12)), .dataTruncated, "IEND"),
            ("image data CRC", badDataCRC, .dataCorrupt, "CRC"),
            ("header CRC", badHeaderCRC, .dataCorrupt, "CRC"),
            ("damaged image data", badPixels, .dataCorrupt, "damaged"),
        ]
        for (name, bytes, code, reason) in cases {
            let error = #expect(throws: RenderError.self, "\(name)") { try PNGCodec.decode(bytes) }
            #expect(error?.code == code, "\(name): \(String(describing: error))")
            #expect(error?.detail.contains(reason) == true, "\(name): \(String(describing: error))")
            #expect(error?.message.contains("Resource") == false, "\(name): \(String(describing: error))")
        }
    }

    @Test("libpng's messages map to truncated or corrupt")
    func libpngMessages() {
        #expect(PNGCodec.decodeError("IDAT: CRC error").code == .dataCorrupt)
        #expect(PNGCodec.decodeError("Not enough image data").code == .dataTruncated)
        #expect(PNGCodec.decodeError("read beyond end of data").code == .dataTruncated)
        #expect(PNGCodec.decodeError("IDAT: invalid distance too far back").code == .dataCorrupt)
        #expect(PNGCodec.decodeError("IHDR: invalid width").detail == "PNG data is damaged: IHDR: invalid width")
    }

    @Test("files that are not PNGs, directories, devices and FIFOs each get an accurate error, without blocking")
    func malformedFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let empty = directory + "/empty.png"
        let text = directory + "/text.png"
        let truncated = directory + "/truncated.png"
        try Data().write(to: URL(fileURLWithPath: empty))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        try Data(PNGCodec.encode(makePatternImage(width: 8, height: 8)).dropLast(20)).write(to: URL(fileURLWithPath: truncated))
        let fifo = directory + "/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, RenderErrorCode, String)] = [
            (empty, .formatInvalid, "\(empty): PNG data is empty"),
            (text, .formatInvalid, "\(text): data does not start with the PNG signature"),
            (truncated, .dataTruncated, "\(truncated): PNG data ends before its IEND chunk"),
            (directory, .resourceUnreadable, "\(directory) is a directory, not a regular file"),
            ("/dev/null", .resourceUnreadable, "/dev/null is a character device, not a regular file"),
            (fifo, .resourceUnreadable, "\(fifo) is a FIFO, not a regular file"),
        ]
        for (path, code, detail) in cases {
            let error = #expect(throws: RenderError.self) { try PNGCodec.read(contentsOf: path) }
            #expect(error?.code == code, "\(path): \(String(describing: error))")
            #expect(error?.detail == detail, "\(path): \(String(describing: error))")
        }
    }

    @Test("an image larger than the caps is rejected from its header")
    func oversizedHeader() throws {
        var bytes = try PNGCodec.encode(makePatternImage(width: 1, height: 1))
        // IHDR data starts at byte 16: width and height, big-endian, then the chunk's CRC.
        let side = UInt32(RenderLimits.maxDimension + 1)
        for (offset, value) in [(16, side), (20, side)] {
            withUnsafeBytes(of: value.bigEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        let crc = crc32(bytes[12..<29])
        withUnsafeBytes(of: crc.bigEndian) { bytes.replaceSubrange(29..<33, with: $0) }
        let error = #expect(throws: RenderError.self) { try PNGCodec.decode(bytes) }
        #expect(error?.code == .outOfMemory)
    }

    /// The CRC-32 used by PNG chunks (polynomial 0xEDB88320).
    private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
