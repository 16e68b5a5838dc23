import Foundation
import Host

/// libFuzzer entry point: the input is one WebSocket text frame of the remote host protocol
/// (`docs/host-protocol.md`), read both as a client's frame (what a host parses) and as a
/// host's frame (what a client parses).
///
/// Checks, for every input that decodes as a ``ClientFrame`` or a ``HostFrame``:
/// - the frame encodes, and its text decodes again; after that one round (which writes a whole
///   `Double` as the integer of the same value) a further round is the identity;
/// - the text keeps the frame's `type`;
/// - a `connect` frame asks for the same world after the round: its identity hash, which the
///   host recomputes from the frame, does not change;
/// - a `response` frame holds an output or an error, never both.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHostFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? Data() : Data(bytes: data!, count: size)
    if let frame = try? JSONDecoder().decode(ClientFrame.self, from: bytes) {
        let again = HostFrameChecks.roundTrip(frame)
        if case .connect(let request) = frame, case .connect(let reread) = again {
            precondition(request.hash == reread.hash, "connect hash \(request.hash) became \(reread.hash)")
        }
    }
    if let frame = try? JSONDecoder().decode(HostFrame.self, from: bytes) {
        _ = HostFrameChecks.roundTrip(frame)
        if case .response(let response) = frame {
            precondition(response.output == nil || response.error == nil, "a response decoded with both an output and an error")
        }
    }
    return 0
}
