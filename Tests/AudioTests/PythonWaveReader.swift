import Foundation

/// Reads a WAV file with Python's `wave` module, an independent reader, and returns its header
/// and 16-bit samples.
struct PythonWaveReader {
    /// The header fields and the 16-bit samples, interleaved.
    struct Contents: Decodable {
        /// `getnchannels()`.
        let channels: Int
        /// `getframerate()`.
        let rate: Int
        /// `getsampwidth()`, bytes per sample.
        let width: Int
        /// `getnframes()`.
        let frames: Int
        /// The samples as signed 16-bit values.
        let samples: [Int]
    }

    /// The reader could not run or could not read the file.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// The Python program: prints the header and samples as JSON.
    static let script = """
    import json, struct, sys, wave
    with wave.open(sys.argv[1], "rb") as w:
        n = w.getnframes(); data = w.readframes(n)
        print(json.dumps({"channels": w.getnchannels(), "rate": w.getframerate(), "width": w.getsampwidth(),
                          "frames": n, "samples": list(struct.unpack("<%dh" % (len(data) // 2), data))}))
    """

    /// The contents of the WAV file at `path`.
    ///
    /// - Throws: ``Failure`` when python3 is not installed (this check needs it) or the reader fails.
    static func read(_ path: String) throws -> Contents {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"]
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "python3 is required for the independent WAV read-back and was not found in \(candidates)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python's wave module could not read \(path): \(message)")
        }
        return try JSONDecoder().decode(Contents.self, from: data)
    }
}
