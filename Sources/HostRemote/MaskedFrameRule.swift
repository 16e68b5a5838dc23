#if RemoteHost
import HummingbirdWebSocket
import NIOWebSocket

/// RFC 6455, section 5.1: a client masks every frame it sends, and a server closes the
/// connection on a frame that is not masked. Hummingbird unmasks frames without checking, so
/// this rule, applied to every socket without negotiation, checks each data frame
/// before the host reads it (control frames it answers itself are not seen).
struct MaskedFrameRule: WebSocketExtension {
    /// The extension's name in logs.
    let name = "ecs-host-masked-frames"

    /// The socket's extension factory.
    static let factory = WebSocketExtensionFactory.nonNegotiatedExtension { MaskedFrameRule() }

    /// Passes a masked frame on; an unmasked one fails the connection with close code 1002.
    func processReceivedFrame(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
        // The WebSocket layer closes with 1002 (protocol error) for this error, as it does for
        // the other framing errors the RFC names; no public error of its own says "unmasked".
        guard frame.maskKey != nil else { throw NIOWebSocketError.fragmentedControlFrame }
        return frame
    }

    /// Sends frames unchanged (the host's frames are never masked).
    func processFrameToSend(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
        frame
    }

    /// Nothing to release.
    func shutdown() async {}
}
#endif
