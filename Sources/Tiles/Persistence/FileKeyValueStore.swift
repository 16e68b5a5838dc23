import Foundation
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``KeyValueStore`` with one file per key, named after the key, in a directory the caller
/// chooses. Every write goes through `FileAccess/writeFile(_:to:)` (temporary file, fsync,
/// rename, directory fsync), so a crash at any point leaves the old value or the new one,
/// never a torn one. Temporary files start with a dot and set-aside values contain a dot, so
/// neither can be mistaken for a key.
public final class FileKeyValueStore: KeyValueStore {
    /// The directory holding the files.
    public let directory: String

    /// A store in `directory`, created with its parents when missing.
    /// - Throws: ``KeyValueStoreError/storage(_:)`` when the directory cannot be created or is
    ///   not a directory.
    public init(directory: String) throws(KeyValueStoreError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .storage("cannot create save directory \(directory): \(error.localizedDescription)")
        }
        self.directory = directory
    }

    /// The path of the file holding `key`.
    public func path(forKey key: String) throws(KeyValueStoreError) -> String {
        try KeyValueStoreError.validate(key)
        return directory + "/" + key
    }

    /// The bytes of the key's file, or nil when it does not exist.
    public func data(forKey key: String) throws(KeyValueStoreError) -> [UInt8]? {
        let path = try path(forKey: key)
        do {
            return try FileAccess.readFile(at: path)
        } catch {
            if error.code == .notFound { return nil }
            throw .storage(error.message)
        }
    }

    /// Replaces the key's file atomically and durably.
    public func set(_ data: [UInt8], forKey key: String) throws(KeyValueStoreError) {
        let path = try path(forKey: key)
        do {
            try FileAccess.writeFile(data, to: path)
        } catch {
            throw .storage(error.message)
        }
    }

    /// Removes the key's file.
    public func removeValue(forKey key: String) throws(KeyValueStoreError) {
        let path = try path(forKey: key)
        // SAFETY: the path is a C string that lives for the call.
        guard unsafe unlink(path) == 0 || errno == ENOENT else {
            throw .storage("cannot remove \(path): \(Self.reason(errno))")
        }
    }

    /// Renames the key's file to `<key>.corrupt-<n>`, the first free `n` from 1, and returns
    /// the new path.
    public func setAside(key: String) throws(KeyValueStoreError) -> String {
        let path = try path(forKey: key)
        var number = 1
        while FileManager.default.fileExists(atPath: "\(path).corrupt-\(number)") { number += 1 }
        let target = "\(path).corrupt-\(number)"
        // SAFETY: both paths are C strings that live for the call.
        guard unsafe rename(path, target) == 0 else {
            throw .storage("cannot move \(path) aside: \(Self.reason(errno))")
        }
        return target
    }

    /// The system's text for `errno` value `code`.
    private static func reason(_ code: Int32) -> String {
        // SAFETY: `strerror` returns a NUL-terminated string copied before the next call.
        unsafe String(cString: strerror(code))
    }
}
