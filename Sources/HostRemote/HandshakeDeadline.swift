#if RemoteHost
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
    private var scheduled: Scheduled<Void>?

    /// A handler that closes its channel `deadline` after it becomes active.
    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
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

/// A server child channel that admits a socket through the server's ``SocketRegistry`` and puts
/// a ``HandshakeDeadlineHandler`` in front of `base`'s own pipeline, or a ``FullServerRefusal``
/// when the server is full.
struct HandshakeDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    /// The HTTP and WebSocket channel.
    let base: Base
    /// How long the upgrade may take.
    let deadline: TimeAmount
    /// The server's open sockets and their limits.
    let sockets: SocketRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admitted = sockets.admit(channel)
        return channel.eventLoop.makeCompletedFuture {
            if admitted {
                try channel.pipeline.syncOperations.addHandler(HandshakeDeadlineHandler(deadline: deadline), name: HandshakeDeadlineHandler.name)
            } else {
                try channel.pipeline.syncOperations.addHandler(FullServerRefusal())
            }
        }.flatMap { base.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
#endif
