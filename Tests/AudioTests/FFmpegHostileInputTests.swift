import Foundation
import SnapshotTesting
import Testing
import Audio

@Suite("FFmpeg decoder: hostile files")
/// Truncated, bit-flipped and lying files and things that are not audio: typed errors or sane
/// decodes, never a crash, a hang, unbounded memory or a word on stderr.
struct FFmpegHostileInputTests {
    @Test("every file of the hostile corpus gives its typed error or a sane decode, quickly and in bounded memory")
    func hostileFilesGiveTypedErrors() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let corpus = try HostileAudioCorpus(in: directory)
        let memoryBefore = maximumResidentKilobytes()
        let decoders: [(String, any DecoderPort)] = [("FFmpeg", FFmpegDecoder()), ("routing", RoutingDecoder())]
        for entry in corpus.entries {
            for (decoderName, decoder) in decoders {
                let started = ContinuousClock.now
                let result = Result { () throws(AudioError) in try Self.decode(entry.path, with: decoder) }
                #expect(ContinuousClock.now - started < .seconds(5), "\(entry.name) through \(decoderName) took \(ContinuousClock.now - started)")
                Self.check(result, against: entry, decoderName: decoderName)
            }
            let tags = Result { () throws(AudioError) in try FFmpegTagReader().read(url: URL(fileURLWithPath: entry.path)) }
            if case .error(let expected) = entry.outcome { Self.check(tags.map { _ in 0 }, against: entry, decoderName: "tags", expected: expected) }
        }
        // Under AddressSanitizer its quarantine keeps up to 256 MiB of freed memory resident,
        // and its shadow adds an eighth: the corpus then grows the peak by about 380 MiB.
        let allowance = (Self.underAddressSanitizer ? 768 : 256) * 1024
        #expect(maximumResidentKilobytes() - memoryBefore < allowance, "peak memory grew by \((maximumResidentKilobytes() - memoryBefore) / 1024) MiB")
    }

    @Test("the open deadline (AVIOInterruptCB) stops FFmpeg: a zero timeout fails every open with decodeError")
    func deadlineInterruptsOpening() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.alac16.write(SineSignal(frames: 480), in: directory)
        let expected = AudioError.decodeError("FFmpeg did not finish with \(encoded) within 0.0 seconds; the file is treated as damaged")
        #expect(throws: expected) { try FFmpegDecoder(openTimeout: .zero).open(url: URL(fileURLWithPath: encoded)) }
        #expect(throws: expected) { try FFmpegTagReader(openTimeout: .zero).read(url: URL(fileURLWithPath: encoded)) }
        #expect(try FFmpegDecoder(openTimeout: .seconds(5)).open(url: URL(fileURLWithPath: encoded)) != DecodeHandle(), "a normal deadline opens it")
    }

    @Test("the hostile corpus prints nothing on stderr: the test above, run alone in a child process")
    func hostileCorpusPrintsNothing() throws {
        // FFmpeg's default log callback, and any library's notes, write straight to the
        // process's stderr, which tests running in parallel share; so the corpus test runs in a
        // process of its own (this test binary, filtered to it, with quiet output) and every
        // line it writes to stderr must be one of the testing library's.
        let process = Process()
        let binary = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--testing-library", "swift-testing", "--quiet", "--filter", "FFmpegHostileInputTests/hostileFilesGiveTypedErrors"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n")
        let foreign = lines.filter { line in !["◇ ", "↳ ", "✔ ", "✘ ", "􀟈", "􀄵", "􀢄"].contains { line.hasPrefix($0) } }
        #expect(process.terminationStatus == 0, "the corpus test failed in the child:\n\(output)")
        #expect(lines.contains { $0.contains("1 test") && $0.contains("passed") }, "the child ran the corpus test:\n\(output)")
        #expect(foreign.isEmpty, "written to stderr:\n\(foreign.joined(separator: "\n"))")
    }

    /// Whether this process runs under AddressSanitizer (its runtime is linked in).
    static let underAddressSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// Opens, reads all, seeks to the middle and reads again; returns the frames read first.
    static func decode(_ path: String, with decoder: some DecoderPort) throws(AudioError) -> Int {
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        let info = try decoder.info(handle)
        try info.validate()
        var block = [Float](repeating: .nan, count: 4_096 * info.channels)
        var frames = 0
        while true {
            let read = try decoder.read(handle, into: &block, maxFrames: 4_096)
            if read == 0 { break }
            guard block[..<(read * info.channels)].allSatisfy({ $0 >= -1 && $0 <= 1 }) else {
                throw .decodeError("a sample outside [-1, 1] or NaN")
            }
            frames += read
            guard frames <= 1 << 22 else { throw .decodeError("more frames than a file of this size holds") }
        }
        try decoder.seek(handle, toSeconds: info.duration / 2)
        _ = try decoder.read(handle, into: &block, maxFrames: 4_096)
        return frames
    }

    /// Checks `result` against what `entry` must give.
    static func check(_ result: Result<Int, AudioError>, against entry: HostileAudioCorpus.Entry, decoderName: String, expected: AudioError? = nil) {
        guard case .error(let wanted) = entry.outcome else {
            if case .failure(let error) = result, error.message.contains("outside [-1, 1]") || error.message.contains("more frames") {
                Issue.record("\(entry.name) through \(decoderName): \(error)")
            }
            return
        }
        let target = expected ?? wanted
        switch result {
        case .success:
            Issue.record("\(entry.name) through \(decoderName) decoded; expected \(target)")
        case .failure(let error):
            let sameCase = String(describing: error).prefix { $0 != ":" } == String(describing: target).prefix { $0 != ":" }
            // The routing decoder may answer with libsndfile's words for a file neither reads.
            let sameWords = error.message.hasSuffix(target.message) || (decoderName == "routing" && sameCase)
            #expect(sameCase && sameWords, "\(entry.name) through \(decoderName): \(error), expected \(target)")
        }
    }
}
