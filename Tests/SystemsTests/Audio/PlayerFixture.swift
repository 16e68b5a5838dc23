import Foundation
import Synchronization
import Systems

/// Tags by file name; a name without an entry is `notFound`.
struct TestTagReader: TagReaderPort {
    var tags: [String: TagBundle]

    func read(url: URL) throws(CoreError) -> TagBundle {
        guard let bundle = tags[url.lastPathComponent] else { throw .notFound("no file at \(url.path)") }
        return bundle
    }
}

/// Entitlements whose Pro state the test sets; a refresh applies the pending value.
final class TestEntitlements: Entitlements {
    private let state: Mutex<(current: Bool, pending: Bool)>

    init(isProUser: Bool) {
        state = Mutex((isProUser, isProUser))
    }

    /// Makes the next refresh report `isProUser`.
    func grant(_ isProUser: Bool) { state.withLock { $0.pending = isProUser } }

    var isProUser: Bool { state.withLock { $0.current } }
    func refreshEntitlements() async { state.withLock { $0.current = $0.pending } }
    func purchasePro() async throws(CoreError) { state.withLock { $0.pending = true } }
}

/// An ``AudioPlayer`` over a synthetic decoder (every track 1 s at 8 kHz mono unless set), a
/// recording output and a virtual clock.
@MainActor
struct PlayerFixture {
    let decoder: SyntheticDecoder
    let output = RecordingOutput()
    let clock = VirtualMonotonicTime()
    let entitlements: TestEntitlements
    let player: AudioPlayer

    static let tags: [String: TagBundle] = [
        "a.wav": TagBundle(title: "Alpha", artist: "Ann", album: "First", duration: 1),
        "b.mp3": TagBundle(title: "Bravo", duration: 1),
        "c.aiff": TagBundle(duration: 1),
        "d.flac": TagBundle(title: "Delta", duration: 1),
        "e.ogg": TagBundle(title: "Echo", duration: 1),
    ]

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
            clock.advance(bySeconds: 0.01)
            await player.playbackService.tick()
            if step % 25 == 0 { await player.pollPlayback() }
        }
    }

    /// The titles in playlist order.
    var titles: [String] { player.playlist.tracks.map(\.title) }
}
