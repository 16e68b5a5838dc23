/// Builds the player's services: a playback service whose decoder is gated by the Free or Pro
/// ``FormatPolicy``, and a tag reader service.
public struct CoreFactory: Sendable {
    private let makeDecoder: @Sendable () -> any DecoderPort
    private let makeOutput: @Sendable () -> any AudioOutputPort
    private let clock: any TimeSource
    private let tagReader: any TagReaderPort
    private let pumpInterval: Duration?

    /// Creates a factory. By default: decoding through a ``RoutingDecoder`` (libsndfile or
    /// FFmpeg, by content), tags through FFmpeg with libsndfile as the fallback
    /// (``FallbackTagReader``), into the sound device (``deviceOutput(device:notice:)``: ALSA's
    /// `default`, or a ``NullSink`` with a one-line notice where no device opens) on the system
    /// clock, rendering every 20 ms. Tests pass doubles, a `ManualClock` and no pump interval,
    /// and call ``DefaultPlaybackService/tick()`` themselves.
    public init(
        decoder: @escaping @Sendable () -> any DecoderPort = { RoutingDecoder() },
        output: @escaping @Sendable () -> any AudioOutputPort = { CoreFactory.deviceOutput() },
        clock: any TimeSource = MonotonicClock(),
        tagReader: any TagReaderPort = FallbackTagReader(),
        pumpInterval: Duration? = .milliseconds(20)
    ) {
        makeDecoder = decoder
        makeOutput = output
        self.clock = clock
        self.tagReader = tagReader
        self.pumpInterval = pumpInterval
    }

    /// The format rule for a Free or Pro user.
    public func formatPolicy(isProUser: Bool) -> FormatPolicy {
        FormatPolicy(isProUser: isProUser)
    }

    /// A new playback service whose decoder opens only the formats the user may play.
    public func makePlaybackService(isProUser: Bool) -> DefaultPlaybackService {
        DefaultPlaybackService(
            decoder: FormatGatedDecoder(makeDecoder(), policy: formatPolicy(isProUser: isProUser)),
            audio: makeOutput(),
            clock: clock,
            pumpInterval: pumpInterval
        )
    }

    /// A new tag reader service.
    public func makeTagReaderService() -> any TagReaderService {
        DefaultTagReaderService(reader: tagReader)
    }
}
