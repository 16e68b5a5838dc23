#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``SnapshotEncoding/json`` form through Foundation's JSON coders, with their errors
/// turned into ``ECSError``s.
enum JSONSnapshotCoding {
    /// The JSON snapshot of `world`, its keys sorted so that equal worlds give equal text.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a value that cannot be
    ///   encoded as JSON.
    static func encode(_ world: World, schema: SnapshotSchema) throws(ECSError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return Array(try encoder.encode(JSONSnapshotDocument(world: world, codecs: schema.codecs)))
        } catch let error as ECSError {
            throw error
        } catch {
            throw ECSError(.invalidArgument, "world cannot be saved as JSON: \(error)")
        }
    }

    /// The image of the JSON snapshot `bytes`.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` for text that is not a JSON
    ///   snapshot this schema reads.
    static func decode(_ bytes: [UInt8], schema: SnapshotSchema) throws(ECSError) -> SnapshotImage {
        let decoder = JSONDecoder()
        decoder.userInfo[JSONSnapshotContents.schemaKey] = schema
        do {
            return try decoder.decode(JSONSnapshotContents.self, from: Data(bytes)).image
        } catch let error as ECSError {
            guard error.code == .corruptSnapshot else {
                throw ECSError(.corruptSnapshot, "JSON snapshot value does not decode: \(error.message)")
            }
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw ECSError(.corruptSnapshot, "not a valid JSON snapshot\(path(context)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ECSError(.corruptSnapshot, "JSON snapshot lacks \"\(key.stringValue)\"\(path(context))")
        } catch let DecodingError.typeMismatch(type, context) {
            throw ECSError(.corruptSnapshot, "JSON snapshot has the wrong type\(path(context)): expected \(type)")
        } catch let DecodingError.valueNotFound(type, context) {
            throw ECSError(.corruptSnapshot, "JSON snapshot has null\(path(context)): expected \(type)")
        } catch {
            throw ECSError(.corruptSnapshot, "not a valid JSON snapshot: \(error)")
        }
    }

    /// ` at a.b.3` for the coding path of `context`, or nothing at the top level.
    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "" : " at \(path)"
    }
}
