#if RemoteHost
import ECS
import Host

/// The JSON text of the two frames of every round trip, `action` and `response`, written and
/// read directly over bytes instead of through Foundation's coders. Same wire format
/// (`docs/host-protocol.md`); the reader recognises only frames it reads exactly as
/// `JSONDecoder` would and answers nil for everything else, which ``FrameCodec`` then decodes
/// the Codable way (for its value or its error).
enum ActionFrameText {
    /// `{"type":"action","id":…,"name":…,"args":[…]}`; nil when an argument holds a number
    /// JSON cannot write.
    static func bytes(of request: ActionRequest) -> [UInt8]? {
        var writer = JSONTextWriter(capacity: 48 + request.name.utf8.count)
        writer.append(#"{"type":"action","id":"#)
        writer.write(request.id)
        writer.append(#","name":"#)
        writer.write(request.name)
        writer.append(#","args":"#)
        guard writer.write(request.args) else { return nil }
        writer.append(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// `{"type":"response","id":…,"output":…}` or with `"error":{…}`; nil when the output or
    /// the error's metadata holds a number JSON cannot write.
    static func bytes(of response: ActionResponse) -> [UInt8]? {
        var writer = JSONTextWriter(capacity: 64)
        writer.append(#"{"type":"response","id":"#)
        writer.write(response.id)
        if let output = response.output {
            writer.append(#","output":"#)
            guard writer.write(output) else { return nil }
        }
        if let error = response.error {
            writer.append(#","error":{"group":"#)
            writer.write(error.group)
            writer.append(#","code":"#)
            writer.write(error.code)
            writer.append(#","message":"#)
            writer.write(error.message)
            if let metadata = error.metadata {
                writer.append(#","metadata":"#)
                guard writer.write(metadata) else { return nil }
            }
            writer.append(UInt8(ascii: "}"))
        }
        writer.append(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The `action` frame in `bytes`; nil when they hold anything else or anything this
    /// reader does not read exactly (an unknown or repeated field among them).
    static func actionFrame(_ bytes: [UInt8]) -> ClientFrame? {
        var type: String?, id: UInt64?, name: String?, args: [JSONValue]?
        let read = readObject(bytes) { key, scanner in
            switch key {
            case "type" where type == nil: type = scanner.string(); return type != nil
            case "id" where id == nil: id = scanner.unsignedInteger(); return id != nil
            case "name" where name == nil: name = scanner.string(); return name != nil
            case "args" where args == nil: args = scanner.array(); return args != nil
            default: return false
            }
        }
        guard read, type == "action", let id, let name, let args else { return nil }
        return .action(ActionRequest(id: id, name: name, args: args))
    }

    /// The `response` frame in `bytes` with exactly one of `output` and `error`; nil as for
    /// ``actionFrame(_:)``.
    static func responseFrame(_ bytes: [UInt8]) -> HostFrame? {
        var type: String?, id: UInt64?, output: JSONValue?, error: ActorError?
        let read = readObject(bytes) { key, scanner in
            switch key {
            case "type" where type == nil: type = scanner.string(); return type != nil
            case "id" where id == nil: id = scanner.unsignedInteger(); return id != nil
            case "output" where output == nil:
                // A `null` output decodes as none; that and other shapes go the Codable way.
                guard let value = scanner.value(), value != .null else { return false }
                output = value
                return true
            case "error" where error == nil: error = scanner.value().flatMap(actorError); return error != nil
            default: return false
            }
        }
        guard read, type == "response", let id else { return nil }
        switch (output, error) {
        case (let output?, nil): return .response(ActionResponse(id: id, output: output))
        case (nil, let error?): return .response(ActionResponse(id: id, error: error))
        default: return nil
        }
    }

    /// Reads `bytes` as exactly one JSON object, handing each member's key to `member`, which
    /// reads its value from the scanner and returns false to give up; false when it gave up or
    /// the bytes hold anything else.
    private static func readObject(_ bytes: [UInt8], _ member: (String, inout JSONTextScanner) -> Bool) -> Bool {
        var scanner = JSONTextScanner(bytes)
        guard scanner.objectStart() else { return false }
        var ended = false
        var first = true
        while let key = scanner.key(first: first, ended: &ended) {
            first = false
            guard member(key, &scanner) else { return false }
        }
        return ended && scanner.atEnd()
    }

    /// The error in `value`, an object of exactly `group`, `code`, `message` and optionally
    /// `metadata` other than `null` (which Foundation reads as `.null` rather than none).
    private static func actorError(_ value: JSONValue) -> ActorError? {
        guard case .object(let members) = value,
              case .string(let group)? = members["group"], case .string(let code)? = members["code"],
              case .string(let message)? = members["message"],
              members.count == (members["metadata"] == nil ? 3 : 4), members["metadata"] != .null
        else { return nil }
        return ActorError(group: group, code: code, message: message, metadata: members["metadata"])
    }
}
#endif
