#if RemoteHost
import NIOCore

/// The first handler of a socket a full server refuses: once the socket is active it answers
/// `503 Service Unavailable` (raw bytes, before any HTTP handler) and closes it.
final class FullServerRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { refuse(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        refuse(context)
    }

    /// Nothing the peer sends is read.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    /// Writes the refusal and closes.
    private func refuse(_ context: ChannelHandlerContext) {
        let response = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).whenComplete { _ in channel.close(promise: nil) }
    }
}
#endif
