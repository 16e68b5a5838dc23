import Foundation
import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import Render

/// Checks our PNG files with a decoder that shares no code with libpng: a short Python
/// program using only `zlib` that verifies every chunk CRC, inflates the image data and undoes
/// the five PNG row filters.
@Suite("PNG files in an independent decoder")
struct PNGIndependentDecoderTests {
    /// The `python3` executable on `PATH`, if any.
    static let python: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":")
        .map { "\($0)/python3" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Prints `width height hex-pixels` for an 8-bit RGBA, non-interlaced PNG file.
    static let reader = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
        pos, idat = 8, b''
        while True:
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            assert zlib.crc32(kind + body) & 0xffffffff == crc, 'CRC of ' + kind.decode()
            if kind == b'IHDR':
                width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
                assert (depth, colour, interlace) == (8, 6, 0), 'not 8-bit RGBA'
            elif kind == b'IDAT':
                idat += body
            elif kind == b'IEND':
                break
            pos += 12 + length
        raw, stride = zlib.decompress(idat), width * 4
        pixels, previous = bytearray(), bytearray(stride)
        for y in range(height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            for i in range(stride):
                a = line[i - 4] if i >= 4 else 0
                b = previous[i]
                c = previous[i - 4] if i >= 4 else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                else: assert kind == 0, 'filter %d' % kind
            pixels += line
            previous = line
        print(width, height, pixels.hex())
        """

    @Test(
        "Python's zlib decodes our PNG files to the same pixels",
        .enabled(if: python != nil, "python3 is not on PATH; the independent decoder check is skipped")
    )
    func independentDecode() throws {
        let python = try #require(Self.python)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var canvas = try RGBA8Canvas(width: 48, height: 27, background: RGBAColor(r: 0.1, g: 0.2, b: 0.3, a: 0.9))
        canvas.fillRotatedRect(center: SIMD2(20, 12), size: SIMD2(30, 9), rotation: 0.4, color: .white, opacity: 0.7)
        canvas.drawLine(from: SIMD2(0, 26), to: SIMD2(47, 0), width: 2, color: RGBAColor(r: 1, g: 0.5, b: 0))
        for image in [canvas.image(), try makePatternImage(width: 31, height: 17)] {
            let path = directory + "/check.png"
            try PNGCodec.write(image, to: path)

            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", Self.reader, path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)

            let fields = String(decoding: printed, as: UTF8.self).split(separator: " ")
            try #require(fields.count == 3)
            #expect(Int(fields[0]) == image.width)
            #expect(Int(fields[1]) == image.height)
            let hex = image.pixels.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
            #expect(fields[2].trimmingCharacters(in: .whitespacesAndNewlines) == hex)
        }
    }
}
