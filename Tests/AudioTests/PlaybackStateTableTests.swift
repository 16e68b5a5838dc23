import Foundation
import Testing
import Audio

@Suite("PlaybackService: HarmoniaCore's state table")
/// Every cell of HarmoniaCore's transition table.
struct PlaybackStateTableTests {
    /// The operations of the table's rows.
    enum Operation: String, CaseIterable, CustomStringConvertible, Sendable {
        case load, play, pause, stop, seek
        /// The name.
        var description: String { rawValue }
    }

    /// The expected outcome of each cell: the resulting state, or the error thrown (the state
    /// is then unchanged).
    enum Outcome: Equatable {
        /// The operation succeeds and leaves this state.
        case state(CorePlaybackState)
        /// The operation throws `invalidState` and leaves the state unchanged.
        case throwsInvalidState
    }

    /// The table: operation, then start state, to outcome.
    static let table: [Operation: [PlaybackFixture.Start: Outcome]] = [
        .load: [.stopped: .state(.paused), .paused: .state(.paused), .playing: .state(.paused), .error: .state(.paused)],
        .play: [.stopped: .throwsInvalidState, .paused: .state(.playing), .playing: .state(.playing), .error: .throwsInvalidState],
        // DRIFT: HarmoniaCore's code makes pause from error a silent no-op.
        .pause: [.stopped: .state(.stopped), .paused: .state(.paused), .playing: .state(.paused), .error: .state(.error(.decodeError("damaged block")))],
        .stop: [.stopped: .state(.stopped), .paused: .state(.stopped), .playing: .state(.stopped), .error: .state(.stopped)],
        .seek: [.stopped: .throwsInvalidState, .paused: .state(.paused), .playing: .state(.playing), .error: .throwsInvalidState],
    ]

    @Test("every cell", arguments: Operation.allCases, PlaybackFixture.Start.allCases)
    func cell(operation: Operation, start: PlaybackFixture.Start) async throws {
        let fixture = PlaybackFixture()
        try await fixture.reach(start)
        let before = await fixture.service.state
        let expected = try #require(Self.table[operation]?[start])
        var thrown: AudioError?
        do throws(AudioError) {
            switch operation {
            case .load: try await fixture.service.load(url: fixture.url)
            case .play: try await fixture.service.play()
            case .pause: await fixture.service.pause()
            case .stop: await fixture.service.stop()
            case .seek: try await fixture.service.seek(to: 1)
            }
        } catch {
            thrown = error
        }
        let after = await fixture.service.state
        switch expected {
        case .state(let state):
            #expect(thrown == nil)
            #expect(after == state)
        case .throwsInvalidState:
            guard case .invalidState = thrown else {
                Issue.record("expected invalidState, got \(String(describing: thrown))")
                return
            }
            #expect(after == before)
        }
        if operation == .seek, case .state = expected {
            #expect(await fixture.service.currentTime() == 1)
        }
    }

    @Test("a failed load leaves the service in error with the decoder's error, and a later load recovers")
    func failedLoad() async throws {
        let fixture = PlaybackFixture()
        fixture.decoder.update { $0.openError = .notFound("no file at /music/track.wav") }
        await #expect(throws: AudioError.notFound("no file at /music/track.wav")) { try await fixture.service.load(url: fixture.url) }
        #expect(await fixture.service.state == .error(.notFound("no file at /music/track.wav")))
        await #expect(throws: AudioError.invalidState("seek needs a loaded track")) { try await fixture.service.seek(to: 0) }
        fixture.decoder.update { $0.openError = nil }
        try await fixture.service.load(url: fixture.url)
        #expect(await fixture.service.state == .paused)
    }

    @Test("a stream that does not validate is a decodeError, and the handle is closed")
    func invalidStream() async throws {
        let fixture = PlaybackFixture(.init(sampleRate: 0))
        await #expect(throws: AudioError.decodeError("track.wav: sample rate 0.0 Hz is not a finite value > 0")) {
            try await fixture.service.load(url: fixture.url)
        }
        #expect(fixture.decoder.openStreams == 0)
    }

    @Test("an output that fails to start puts the service in error")
    func outputStartFailure() async throws {
        let fixture = PlaybackFixture()
        try await fixture.reach(.paused)
        fixture.output.update { $0.startError = .ioError("device busy", underlying: POSIXError(.EBUSY)) }
        await #expect(throws: AudioError.ioError("device busy", underlying: POSIXError(.EBUSY))) { try await fixture.service.play() }
        #expect(await fixture.service.state == .error(.ioError("device busy", underlying: POSIXError(.EBUSY))))
    }
}
