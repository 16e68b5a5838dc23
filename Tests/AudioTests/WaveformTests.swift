import CSndFile
import Foundation
import SnapshotTesting
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Render
import Audio

@Suite("Waveform peaks and drawing")
struct WaveformTests {
    private static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("References").path

    /// Two seconds of three plucked notes (220, 330 and 440 Hz, each decaying from its onset)
    /// at 22.05 kHz in stereo, the right channel at 60%.
    static func notes() -> [Float] {
        let rate = 22_050.0
        var samples: [Float] = []
        for frame in 0..<44_100 {
            let t = Double(frame) / rate
            let note = min(2, Int(t / (2.0 / 3)))
            let onset = Double(note) * 2 / 3
            let frequency = [220.0, 330, 440][note]
            let value = 0.9 * exp(-4 * (t - onset)) * sin(2 * Double.pi * frequency * (t - onset))
            samples.append(Float(value))
            samples.append(Float(0.6 * value))
        }
        return samples
    }

    /// `samples` written as a 16-bit WAV file with libsndfile, in a fresh temporary directory.
    static func writeWAV(_ samples: [Float], channels: Int, rate: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waveform-\(UUID().uuidString).wav")
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        let file = try #require(sf_open(url.path, Int32(SFM_WRITE), &info))
        var copy = samples
        let written = copy.withUnsafeMutableBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(samples.count / channels)) }
        #expect(sf_close(file) == 0)
        #expect(written == samples.count / channels)
        return url
    }

    @Test func columnsHoldTheLowestAndHighestSampleOfTheirFrames() throws {
        let asset = try AudioAsset(interleaved: [0, 0.5, -0.25, 1, -1, 0.75, 0.1, 0.2], channels: 2, sampleRate: 48_000)
        let peaks = try WaveformPeaks(asset: asset, width: 2)
        #expect(peaks.minimum == [-0.25, -1])
        #expect(peaks.maximum == [1, 0.75])
        // Wider than the track: every column shows at least one frame.
        let wide = try WaveformPeaks(asset: asset, width: 8)
        #expect(wide.minimum == [0, 0, -0.25, -0.25, -1, -1, 0.1, 0.1])
        let silent = try WaveformPeaks(asset: AudioAsset(interleaved: [], channels: 1, sampleRate: 8_000), width: 3)
        #expect(silent.maximum == [0, 0, 0])
        #expect(throws: AudioError.self) { try WaveformPeaks(asset: asset, width: 0) }
    }

    @Test func peaksAreRecomputedOnlyWhenTheTrackOrWidthChanges() throws {
        let first = try AudioAsset(interleaved: Self.notes(), channels: 2, sampleRate: 22_050)
        let second = try AudioAsset(interleaved: [0.5, -0.5], channels: 1, sampleRate: 22_050)
        let display = try WaveformDisplay(track: first, width: 300)
        let peaks = try #require(display.peaks)
        #expect(display.peaks == peaks)
        #expect(display.computations == 1)
        display.show(first)
        try display.resize(width: 300)
        _ = display.peaks
        #expect(display.computations == 1)
        try display.resize(width: 200)
        #expect(display.peaks?.width == 200)
        #expect(display.computations == 2)
        display.show(second)
        #expect(display.peaks?.maximum.first == 0.5)
        #expect(display.computations == 3)
        display.show(nil)
        #expect(display.peaks == nil)
        #expect(throws: AudioError.self) { try display.resize(width: -1) }
        #expect(display.width == 200)
    }

    @Test func theWaveformOfADecodedFileMatchesItsReference() throws {
        let url = try Self.writeWAV(Self.notes(), channels: 2, rate: 22_050)
        defer { try? FileManager.default.removeItem(at: url) }
        let asset = try AudioAsset.decode(url: url, decoder: SndFileDecoder())
        #expect(asset.frames == 44_100)
        let configuration = SnapshotConfiguration(width: 600, height: 200)
        let display = try WaveformDisplay(track: asset, width: 580)
        let peaks = try #require(display.peaks)
        var canvas = try RGBA8Canvas(width: 600, height: 200, background: RGBAColor(r: 0.08, g: 0.08, b: 0.12))
        let drawn = canvas.drawWaveform(minimum: peaks.minimum, maximum: peaks.maximum, x: 10, y: 10, height: 180, color: RGBAColor(r: 0.35, g: 0.8, b: 0.95))
        #expect(drawn == 580)
        var scratch = try RGBA8Canvas(width: 8, height: 8)
        #expect(scratch.drawWaveform(minimum: peaks.minimum, maximum: peaks.maximum, x: 0, y: 0, height: .nan, color: .white) == 0)
        #expect(scratch.drawWaveform(minimum: peaks.minimum, maximum: peaks.maximum, x: 0, y: 0, height: -4, color: .white) == 0)
        let outcome = try assertSnapshot(of: canvas, named: "audio-waveform-notes", in: Self.references, configuration: configuration)
        guard case .matched(let comparison) = outcome else {
            Issue.record("audio-waveform-notes: \(outcome); review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }
}
