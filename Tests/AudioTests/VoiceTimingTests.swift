import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("Sample-accurate voice starts and stops")
struct VoiceTimingTests {
    /// A mono mixer and a voice of the ramp 1, 2, 3, … starting at `start`.
    static func ramp(start: Int64?, frames: Int = 1_000, looping: Bool = false) throws -> (AudioMixer, Entity) {
        let mixer = try AudioMixer(format: MixFormat(channels: 1, sampleRate: 48_000, maxFrames: 256), world: World())
        let samples = (1...frames).map { Float($0) }
        let asset = try mixer.addAsset(AudioAsset(interleaved: samples, channels: 1, sampleRate: 48_000))
        return (mixer, try mixer.spawnVoice(asset: asset, looping: looping, startFrame: start))
    }

    @Test(arguments: [0, 1, 255, 256, 257, 700] as [Int64])
    func aVoiceStartsOnItsFrame(start: Int64) throws {
        let (mixer, _) = try Self.ramp(start: start)
        var out: [Float] = []
        for _ in 0..<4 { out += try MixerFixture.mix(mixer, frames: 256) }
        let first = Int(start)
        #expect(out[..<first].allSatisfy { $0 == 0 })
        #expect(out[first] == 1)
        #expect(out[first + 1] == 2)
    }

    @Test(arguments: [1, 100, 256, 300, 511] as [Int64])
    func aVoiceStopsOnItsFrame(stop: Int64) throws {
        let (mixer, voice) = try Self.ramp(start: 0)
        try mixer.stop(voice, atFrame: stop)
        var out: [Float] = []
        for _ in 0..<3 { out += try MixerFixture.mix(mixer, frames: 256) }
        let last = Int(stop) - 1
        #expect(out[last] == Float(stop))
        #expect(out[(last + 1)...].allSatisfy { $0 == 0 })
        #expect(try mixer.playback(of: voice).state == .stopped)
    }

    @Test func aNonLoopingVoiceStopsAtItsEndAndALoopingOneWraps() throws {
        let (once, voice) = try Self.ramp(start: 10, frames: 100)
        let out = try MixerFixture.mix(once, frames: 256)
        #expect(out[109] == 100)
        #expect(out[110...].allSatisfy { $0 == 0 })
        #expect(try once.playback(of: voice).state == .stopped)
        #expect(try once.removeStoppedVoices() == 1)
        #expect(once.voiceCount == 0)

        let (looped, _) = try Self.ramp(start: 0, frames: 100, looping: true)
        let wrapped = try MixerFixture.mix(looped, frames: 256)
        #expect(wrapped[99] == 100)
        #expect(wrapped[100] == 1)
        #expect(wrapped[255] == 56)
    }

    @Test func aStopBeforeTheStartSilencesTheVoice() throws {
        let (mixer, voice) = try Self.ramp(start: 300)
        try mixer.stop(voice, atFrame: 200)
        #expect(try MixerFixture.mix(mixer, frames: 256).allSatisfy { $0 == 0 })
        #expect(try MixerFixture.mix(mixer, frames: 256).allSatisfy { $0 == 0 })
    }
}
