@_spi(Locking) import ECS
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Closes a socket that has not completed its WebSocket upgrade within a deadline: a silent
/// TCP connection, headers that never end or garbage hold nothing past it. The server removes
/// it from the pipeline (by ``name``) once it accepts the upgrade; from then on the connection
/// has its own deadline for the `connect` frame.
final class HandshakeDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The handler's name in the pipeline.
    static let name = "handshake-deadline"

    private let deadline: TimeAmount
    private let pending: PendingHandshakes
    private var scheduled: Scheduled<Void>?

    /// A handler that closes its channel `deadline` after it becomes active, listed in
    /// `pending` until then.
    init(deadline: TimeAmount, pending: PendingHandshakes) {
        self.deadline = deadline
        self.pending = pending
    }

    func handlerAdded(context: ChannelHandlerContext) {
        pending.add(context.channel)
        if context.channel.isActive { schedule(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending.remove(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pending.remove(context.channel)
        scheduled?.cancel()
        scheduled = nil
    }

    /// Schedules the close once.
    private func schedule(_ context: ChannelHandlerContext) {
        guard scheduled == nil else { return }
        let channel = context.channel
        scheduled = context.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
    }
}

/// The sockets of a server that have not completed their upgrade, closed at once when the
/// server stops.
final class PendingHandshakes: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    /// Lists `channel`.
    func add(_ channel: any Channel) {
        channels.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    /// Unlists `channel`.
    func remove(_ channel: any Channel) {
        _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Closes every listed socket.
    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
    }
}

/// A server child channel that puts a ``HandshakeDeadlineHandler`` in front of `base`'s own
/// pipeline.
struct HandshakeDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    /// The HTTP and WebSocket channel.
    let base: Base
    /// How long the upgrade may take.
    let deadline: TimeAmount
    /// Where the sockets still in their handshake are listed.
    let pending: PendingHandshakes

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                HandshakeDeadlineHandler(deadline: deadline, pending: pending), name: HandshakeDeadlineHandler.name)
        }.flatMap { base.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
