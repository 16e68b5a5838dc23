import Foundation

/// The `ffmpeg` command-line tool (Debian package `ffmpeg`, installed by
/// `scripts/install-deps.sh`), which the tests use to write files with FFmpeg's own encoders
/// and muxers: AAC, ALAC, FLAC, Opus and MP3, tags and attached pictures.
enum FFmpegTool {
    /// Runs `ffmpeg` with `arguments` after `-nostdin -y -loglevel error`.
    ///
    /// - Throws: ``FFmpegToolError`` when it cannot start or exits with a failure, with its
    ///   stderr.
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw FFmpegToolError(message: "ffmpeg could not start (run scripts/install-deps.sh): \(error)")
        }
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FFmpegToolError(message: "ffmpeg \(arguments.joined(separator: " ")) failed: \(String(decoding: output, as: UTF8.self))")
        }
    }

    /// Encodes the WAV at `source` into `destination` with `codec` and further `options`.
    static func encode(_ source: String, to destination: String, codec: [String], options: [String] = []) throws {
        try run(["-i", source] + codec + options + [destination])
    }

    /// What `ffmpeg` itself decodes from `path`: interleaved 32-bit float, through a raw file
    /// written next to it.
    static func decodedSamples(of path: String) throws -> [Float] {
        let raw = path + ".f32"
        try run(["-i", path, "-f", "f32le", "-c:a", "pcm_f32le", raw])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        return stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
            let word = bytes[offset..<(offset + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Float(bitPattern: word)
        }
    }
}

/// The `ffmpeg` tool failed.
struct FFmpegToolError: Error, CustomStringConvertible {
    /// What failed, with ffmpeg's own message.
    let message: String
    /// The message.
    var description: String { message }
}
