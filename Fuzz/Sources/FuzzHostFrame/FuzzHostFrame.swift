import Foundation
import Host

/// libFuzzer entry point: the input is one WebSocket text frame of the remote host protocol
/// (`docs/host-protocol.md`), read both as a client's frame (what a host reads) and as a
/// host's frame (what a client reads), through the remote codec (`FrameCodec`, whose sources
/// `HostRemoteSources/` links) and through Foundation's decoder alone.
///
/// Checks, for every input:
/// - the direct reader of `action` and `response` frames (`ActionFrameText`) reads a frame only
///   when Foundation's decoder reads the same frame from the same bytes;
/// - `FrameCodec` decodes the frame Foundation does, or throws `malformed_frame` exactly when
///   Foundation's decoder throws;
/// - a decoded frame encodes (through the codec, so an action or response through the direct
///   writer), and its text decodes again with the same `type`; after that one round (which
///   writes a whole `Double` as the integer of the same value) a further round is the identity;
///   the direct writer's text and Foundation's decode to the same frame;
/// - a `connect` frame asks for the same world after the round: its identity hash, which the
///   host recomputes from the frame, does not change;
/// - a `response` frame holds an output or an error, never both.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHostFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data!, count: size))
    if let frame = HostFrameChecks.decoded(
        ClientFrame.self, from: bytes, direct: ActionFrameText.actionFrame,
        codec: { bytes throws(ActorError) in try FrameCodec().decode(ClientFrame.self, from: bytes) }
    ) {
        let again = HostFrameChecks.roundTrip(frame, text: FrameCodec().text)
        if case .connect(let request) = frame, case .connect(let reread) = again {
            precondition(request.hash == reread.hash, "connect hash \(request.hash) became \(reread.hash)")
        }
    }
    if let frame = HostFrameChecks.decoded(
        HostFrame.self, from: bytes, direct: ActionFrameText.responseFrame,
        codec: { bytes throws(ActorError) in try FrameCodec().decode(HostFrame.self, from: bytes) }
    ) {
        _ = HostFrameChecks.roundTrip(frame, text: FrameCodec().text)
        if case .response(let response) = frame {
            precondition(response.output == nil || response.error == nil, "a response decoded with both an output and an error")
        }
    }
    return 0
}
