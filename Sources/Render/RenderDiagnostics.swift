import Platform
import Synchronization

/// Counters and the last error of one renderer, safe to read and update from any thread.
///
/// Counters are cumulative until
/// ``resetCounters()``, which leaves ``frameCount`` and ``lastError`` alone. Counters wrap
/// on overflow instead of trapping.
public final class RenderDiagnostics: Sendable {
    private let frames = Atomic<Int>(0)
    private let drawCount = Atomic<Int>(0)
    private let error = Locked<RenderError?>(nil)

    /// Creates diagnostics with every counter at zero and no error.
    public init() {}

    /// The number of frames finished with ``recordFrame()``.
    public var frameCount: Int { frames.load(ordering: .relaxed) }

    /// The number of shapes drawn since creation or the last ``resetCounters()``.
    public var draws: Int { drawCount.load(ordering: .relaxed) }

    /// The most recent error, or `nil` when none was recorded or it was cleared.
    public var lastError: RenderError? { error.withLock { $0 } }

    /// Counts one finished frame.
    public func recordFrame() {
        frames.wrappingAdd(1, ordering: .relaxed)
    }

    /// Adds `count` drawn shapes.
    public func recordDraws(_ count: Int) {
        drawCount.wrappingAdd(count, ordering: .relaxed)
    }

    /// Stores `newError` as the last error.
    public func record(_ newError: RenderError) {
        error.withLock { $0 = newError }
    }

    /// Forgets the last error.
    public func clearError() {
        error.withLock { $0 = nil }
    }

    /// Zeroes the draw counter; the frame count and the last error are kept.
    public func resetCounters() {
        drawCount.store(0, ordering: .relaxed)
    }
}
