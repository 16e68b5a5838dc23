import Foundation
import Testing
import Audio

@Suite("Background music (Sortue's AudioManager rules)")
@MainActor
/// Sortue's music rules on the playback service.
struct BackgroundMusicTests {
    @Test("plays at 70% volume, pause keeps the position, stop rewinds, the track loops, disabled music stays silent")
    func rules() async throws {
        let fixture = PlaybackFixture(.init(duration: 1, sampleRate: 8_000, channels: 1))
        let music = BackgroundMusic(url: fixture.url, service: fixture.service)
        try await music.play()
        #expect(fixture.output.snapshot.volumes.last == 0.7)
        await fixture.run(seconds: 0.4)
        await music.pause()
        await fixture.run(seconds: 0.3)
        #expect(await fixture.service.currentTime() == 0.4)
        try await music.play()
        #expect(await fixture.service.state == .playing)
        await fixture.run(seconds: 0.1)
        #expect(abs(await fixture.service.currentTime() - 0.5) < 1e-9, "resumed where it paused")
        await music.stop()
        #expect(await fixture.service.currentTime() == 0)

        try await music.play()
        await fixture.run(seconds: 1.3)
        try await music.poll()
        #expect(await fixture.service.state == .playing, "the track loops")
        #expect(await fixture.service.currentTime() < 0.1)

        try await music.setMusicEnabled(false)
        #expect(await fixture.service.state == .paused)
        try await music.play()
        #expect(await fixture.service.state == .paused, "disabled music does not play")
        try await music.setMusicEnabled(true)
        #expect(await fixture.service.state == .playing)
    }
}
