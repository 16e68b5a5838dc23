import Foundation
import Platform
import Glibc
import Testing
@testable import Audio
import Audio

/// No sound device: a typed error at configure with ALSA's own words and nothing printed by ALSA,
/// and the factory's fallback to a ``NullSink`` with one notice.
@Suite("ALSA output without a device", .serialized)
struct ALSANoDeviceTests {
    @Test("an unknown device name is notFound at configure, in ALSA's words")
    func unknownName() {
        let output = ALSAOutput(device: "ecs-bench-no-such-device")
        #expect(throws: AudioError.notFound(
            "cannot open ALSA device 'ecs-bench-no-such-device': No such file or directory (Unknown PCM ecs-bench-no-such-device)"
        )) {
            try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
        }
        #expect(output.setup == nil)
        #expect(throws: AudioError.invalidState("the ALSA output is not configured")) { try output.start() }
    }

    @Test("a card that does not exist is notFound at configure, with ALSA's reason", arguments: ["hw:99", "plughw:99,0"])
    func missingCard(device: String) throws {
        let output = ALSAOutput(device: device)
        do {
            try output.configure(sampleRate: 44_100, channels: 2, framesPerBuffer: 4096)
            Issue.record("\(device) opened")
        } catch {
            guard case .notFound(let message) = error else {
                Issue.record("\(error) is not notFound")
                return
            }
            #expect(message.hasPrefix("cannot open ALSA device '\(device)': "))
            #expect(message.contains("99"), "ALSA's message names the card: \(message)")
        }
    }

    @Test("ALSA prints nothing of its own when a device is missing")
    func alsaIsSilent() throws {
        let captured = try StandardErrorCapture.run {
            _ = try? ALSAOutput(device: "ecs-bench-silent-missing").configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
            _ = try? ALSAOutput(device: "hw:98").configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
        }
        #expect(!captured.contains("ALSA lib"), "ALSA wrote: \(captured)")
    }

    @Test("the factory's device output falls back to a null sink with one notice, and playback runs")
    func factoryFallsBack() async throws {
        let notices = Locked<[AudioError]>([])
        let outputs = Locked<[FallbackOutput]>([])
        let clock = ManualClock()
        let factory = CoreFactory(
            decoder: { SyntheticDecoder() },
            output: {
                let output = CoreFactory.deviceOutput(device: "ecs-bench-no-such-device") { error in notices.withLock { $0.append(error) } }
                if let fallback = output as? FallbackOutput { outputs.withLock { $0.append(fallback) } }
                return output
            },
            clock: clock, pumpInterval: nil)
        let service = factory.makePlaybackService(isProUser: true)
        try await service.load(url: URL(fileURLWithPath: "/music/a.wav"))
        try await service.play()
        clock.advance(by: 0.5)
        await service.tick()
        try await service.load(url: URL(fileURLWithPath: "/music/b.wav"))
        #expect(notices.withLock { $0 }.map(\.message) == [
            "cannot open ALSA device 'ecs-bench-no-such-device': No such file or directory (Unknown PCM ecs-bench-no-such-device)"
        ], "one notice for two tracks")
        let output = try #require(outputs.withLock { $0.first })
        #expect(output.isFallingBack)
        #expect((output.primary as? ALSAOutput)?.device == "ecs-bench-no-such-device")
        #expect(try #require(output.fallback as? NullSink).framesRendered > 0)
    }

    @Test("the factory's default output is the ALSA default device, behind the fallback")
    func defaultOutputIsTheDevice() throws {
        let output = try #require(CoreFactory.deviceOutput() as? FallbackOutput)
        #expect((output.primary as? ALSAOutput)?.device == "default")
        #expect(output.fallback is NullSink)
    }

    @Test("the fallback does not swallow bad arguments, and gives the volume to both outputs")
    func fallbackKeepsBadArguments() throws {
        let notices = Locked(0)
        let output = FallbackOutput(primary: ALSAOutput(device: "ecs-bench-no-such-device"), fallback: NullSink()) { _ in
            notices.withLock { $0 += 1 }
        }
        #expect(throws: AudioError.invalidArgument("output channel count 0 is below 1")) {
            try output.configure(sampleRate: 48_000, channels: 0, framesPerBuffer: 512)
        }
        #expect(!output.isFallingBack && notices.withLock { $0 } == 0)
        output.setVolume(0.25)
        #expect((output.primary as? ALSAOutput)?.volume == 0.25 && (output.fallback as? NullSink)?.volume == 0.25)
        try output.configure(sampleRate: 48_000, channels: 2, framesPerBuffer: 512)
        #expect(output.isFallingBack && notices.withLock { $0 } == 1)
        try output.start()
        #expect(try output.render([0, 0, 0, 0], frameCount: 2) == 2)
        #expect((output.fallback as? NullSink)?.framesRendered == 2)
    }
}

/// Runs a body with the process's standard error sent to a temporary file, and returns what was
/// written to it.
enum StandardErrorCapture {
    /// What `body` (and anything else in the process meanwhile) wrote to standard error.
    static func run(_ body: () throws -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else { throw POSIXError(.EIO) }
        let saved = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        close(file)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        try body()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
