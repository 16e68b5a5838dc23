#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ECS

/// The identity hash of a hosted world, shared by the client cache and the host's registry.
enum ActorIdentity {
    /// `name:key…:base64(params)`, with `%` and `:` escaped inside the name and key parts so
    /// that two different identities never share a hash; params are written as JSON with
    /// sorted keys, so equal params always give the same text.
    static func hash(name: String, key: [String], params: JSONValue?) -> String {
        var parts = [escape(name)] + key.map(escape)
        parts.append(params.map(canonical) ?? "")
        return parts.joined(separator: ":")
    }

    private static func escape(_ part: String) -> String {
        var escaped = ""
        for character in part {
            switch character {
            case "%": escaped += "%25"
            case ":": escaped += "%3A"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func canonical(_ params: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A JSONValue always encodes: its doubles come from finite numbers or JSON text.
        return ((try? encoder.encode(params)) ?? Data()).base64EncodedString()
    }
}
