import Foundation
import Platform
import Audio

/// Tags by file name; a name without an entry is `notFound`.
struct TestTagReader: TagReaderPort {
    /// The tags of each file name.
    var tags: [String: TagBundle]

    /// The tags of the file's name.
    func read(url: URL) throws(AudioError) -> TagBundle {
        guard let bundle = tags[url.lastPathComponent] else { throw .notFound("no file at \(url.path)") }
        return bundle
    }
}

/// Entitlements whose Pro state the test sets; a refresh applies the pending value.
final class TestEntitlements: Entitlements {
    private let state: Locked<(current: Bool, pending: Bool)>

    /// Entitlements that report `isProUser` until a refresh changes it.
    init(isProUser: Bool) {
        state = Locked((isProUser, isProUser))
    }

    /// Makes the next refresh report `isProUser`.
    func grant(_ isProUser: Bool) { state.withLock { $0.pending = isProUser } }

    /// The current Pro state.
    var isProUser: Bool { state.withLock { $0.current } }
    /// Applies the value given to ``grant(_:)``.
    func refreshEntitlements() async { state.withLock { $0.current = $0.pending } }
    /// Makes the next refresh report Pro.
    func purchasePro() async throws(AudioError) { state.withLock { $0.pending = true } }
}

/// An ``AudioPlayer`` over a synthetic decoder (every track 1 s at 8 kHz mono unless set), a
/// recording output and a virtual clock.
@MainActor
struct PlayerFixture {
    /// The decoder every service uses.
    let decoder: SyntheticDecoder
    /// The output every service uses.
    let output = RecordingOutput()
    /// The clock every service reads.
    let clock = ManualClock()
    /// The user's entitlements.
    let entitlements: TestEntitlements
    /// The player under test.
    let player: AudioPlayer

    /// The files the tag reader knows; any other name is not found.
    static let tags: [String: TagBundle] = [
        "a.wav": TagBundle(title: "Alpha", artist: "Ann", album: "First", duration: 1),
        "b.mp3": TagBundle(title: "Bravo", duration: 1),
        "c.aiff": TagBundle(duration: 1),
        "d.flac": TagBundle(title: "Delta", duration: 1),
        "e.wma": TagBundle(title: "Echo", duration: 1),
        "f.ogg": TagBundle(title: "Foxtrot", duration: 1),
    ]

    /// An idle player for a Free or Pro user whose tracks have `settings`.
    init(isProUser: Bool = false, settings: SyntheticDecoder.Settings = .init(duration: 1, sampleRate: 8_000, channels: 1)) async {
        let decoder = SyntheticDecoder(settings)
        let output = output
        self.decoder = decoder
        entitlements = TestEntitlements(isProUser: isProUser)
        let factory = CoreFactory(
            decoder: { decoder }, output: { output }, clock: clock,
            tagReader: TestTagReader(tags: Self.tags), pumpInterval: nil
        )
        player = await AudioPlayer(factory: factory, entitlements: entitlements)
    }

    /// The URL of the file `name`.
    static func url(_ name: String) -> URL { URL(fileURLWithPath: "/music/\(name)") }

    /// Loads the named files.
    func load(_ names: String...) async {
        await player.load(urls: names.map(Self.url))
    }

    /// Advances the clock by `seconds` in 10 ms steps, rendering after each step and polling the
    /// player every 0.25 s, as the real pump and poll would.
    func run(seconds: Double) async {
        let steps = Int((seconds / 0.01).rounded())
        for step in 1...steps {
            clock.advance(by: 0.01)
            await player.playbackService.tick()
            if step % 25 == 0 { await player.pollPlayback() }
        }
    }

    /// The titles in playlist order.
    var titles: [String] { player.playlist.tracks.map(\.title) }
}
