import ECS
import Host
import Foundation

/// libFuzzer entry point: the input is an event payload as JSON text.
///
/// Checks, for every payload that parses as a ``JSONValue``:
/// - the value re-encodes and decodes back to itself;
/// - `decode(_:)` to each scalar type either throws ``ActorError`` or yields a value that
///   encodes back to the same payload (`JSONValue(encoding:)`), so no conversion is lossy;
/// - the event bus delivers the payload to typed subscribers of arity 0, 1, 2 and 3 exactly
///   when the argument count matches and every argument decodes, and reports every other
///   delivery as a decode error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventPayload(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? Data() : Data(bytes: data!, count: size)
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: bytes) else { return 0 }
    EventPayloadChecks.roundTrip(value)
    EventPayloadChecks.scalars(value)
    EventPayloadChecks.bus(value)
    return 0
}
