#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and durable atomic writes through POSIX calls, so that a failure reports
/// the real cause (`errno` and the kind of file) instead of a generic Foundation error. PNG
/// files, the tile puzzle's saves, audio recordings and `bench`'s result files go through it.
public enum FileAccess {
    /// Every byte of the regular file at `path`.
    ///
    /// - Throws: ``FileError/Code-swift.enum/notFound`` when nothing exists at `path`,
    ///   ``FileError/Code-swift.enum/unreadable`` when it is not a regular file or cannot be read.
    public static func readFile(at path: String) throws(FileError) -> [UInt8] {
        // Non-blocking, so that opening a FIFO without a writer does not hang; regular files
        // ignore the flag.
        // SAFETY: `path` is passed as a C string that lives for the call.
        let descriptor = unsafe open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw readError(errno, path) }
        defer { close(descriptor) }
        var status = stat()
        // SAFETY: the kernel fills the local `stat` through a pointer that lives for the call.
        guard unsafe fstat(descriptor, &status) == 0 else { throw readError(errno, path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileError(.unreadable, "\(path) is \(kind(of: status.st_mode)), not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // SAFETY: `read` writes at most `count` bytes, the chunk's size, into the chunk's own
            // storage, borrowed only for the call.
            let count = unsafe chunk.withUnsafeMutableBytes { unsafe systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw readError(errno, path)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes `bytes` to `path` atomically and durably: into a temporary file beside it,
    /// flushed to the disk, then renamed over it, and the rename flushed too. A crash at any
    /// point leaves either the old file or the new one at `path`, never a part of one.
    ///
    /// - Throws: ``FileError/Code-swift.enum/unwritable`` when the file cannot be written.
    public static func writeFile(_ bytes: [UInt8], to path: String) throws(FileError) {
        let temporary = try stage(bytes, for: path)
        try commit(temporary, to: path)
    }

    /// Writes `bytes` to a new file at `path`, atomically and durably like
    /// ``writeFile(_:to:)``, but never over an existing file: the flushed temporary file is
    /// linked to `path`, which fails when anything is there, even a file another process
    /// created a moment before. Returns false, writing nothing, when `path` exists.
    ///
    /// - Throws: ``FileError/Code-swift.enum/unwritable`` when the file cannot be written.
    public static func createFile(_ bytes: [UInt8], at path: String) throws(FileError) -> Bool {
        let temporary = try stage(bytes, for: path)
        // SAFETY (`link`, `unlink`): the paths are C strings that live for the call.
        defer { unsafe unlink(temporary) }
        guard unsafe link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { return false }
            throw writeError(code, path, directory: directory(of: path))
        }
        flushDirectory(of: path)
        return true
    }

    /// The first half of ``writeFile(_:to:)``: writes `bytes` to a new temporary file in the
    /// directory of `path` (named `.<name>.XXXXXX`, so it never looks like the file itself) and
    /// flushes it to the disk. Returns the temporary file's path.
    static func stage(_ bytes: [UInt8], for path: String) throws(FileError) -> String {
        var existing = stat()
        // SAFETY: `path` is a C string and the local `stat` a pointer, both live for the call.
        if unsafe lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFDIR {
            throw FileError(.unwritable, "cannot write \(path): it is a directory")
        }
        let directory = directory(of: path)
        let name = fileName(of: path)
        guard !name.isEmpty else { throw FileError(.unwritable, "cannot write \(path): it names a directory") }
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        // SAFETY: `template` is a NUL-terminated C string ending in `XXXXXX`, which `mkstemp`
        // rewrites in place without changing its length, inside the borrow of its storage.
        let descriptor = unsafe template.withUnsafeMutableBufferPointer { buffer in
            unsafe buffer.baseAddress.map { unsafe mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw writeError(errno, path, directory: directory) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(FileError) {
            defer { close(descriptor) }
            var offset = 0
            while offset < bytes.count {
                // SAFETY: `offset` is below `bytes.count`, so the pointer and the remaining
                // `count - offset` bytes lie inside the array's storage, borrowed for the call.
                let count = unsafe bytes.withUnsafeBytes {
                    unsafe systemWrite(descriptor, $0.baseAddress.map { unsafe $0 + offset }, $0.count - offset)
                }
                guard count > 0 else {
                    if count < 0, errno == EINTR { continue }
                    throw writeError(count < 0 ? errno : EIO, path, directory: directory)
                }
                offset += count
            }
            guard fchmod(descriptor, 0o644) == 0 else { throw writeError(errno, path, directory: directory) }
            guard fsync(descriptor) == 0 else { throw writeError(errno, path, directory: directory) }
        } catch {
            // SAFETY: the path is passed as a C string that lives for the call.
            unsafe unlink(temporary)
            throw error
        }
        return temporary
    }

    /// The name of the file a temporary file of ``writeFile(_:to:)`` or ``createFile(_:at:)``
    /// was staged for (it is named `.<name>.XXXXXX`), or nil for a name of any other shape.
    /// A write killed before its rename leaves such a file beside its target.
    public static func stagedTarget(ofTemporary name: String) -> String? {
        guard let match = name.wholeMatch(of: /\.(.+)\.[A-Za-z0-9]{6}/) else { return nil }
        return String(match.1)
    }

    /// The second half of ``writeFile(_:to:)``, and the end of any write that streams into a
    /// temporary file of its own (an audio recording): renames the finished `temporary` file,
    /// which must be in the directory of `path` and already flushed, over `path` and flushes
    /// the directory, so the rename survives a crash. The temporary file is removed when the
    /// rename fails.
    ///
    /// - Throws: ``FileError/Code-swift.enum/unwritable`` when the rename fails.
    public static func commit(_ temporary: String, to path: String) throws(FileError) {
        // SAFETY (`rename`, `unlink`): the paths are C strings that live for the call.
        guard unsafe rename(temporary, path) == 0 else {
            let code = errno
            unsafe unlink(temporary)
            throw writeError(code, path, directory: directory(of: path))
        }
        flushDirectory(of: path)
    }

    /// Flushes the directory holding `path`, so a new name in it survives a crash.
    private static func flushDirectory(of path: String) {
        // SAFETY: the path is a C string that lives for the call.
        let handle = unsafe open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if handle >= 0 {
            fsync(handle)
            close(handle)
        }
    }

    /// The directory holding `path`: what comes before its last `/` (`/` for a file at the
    /// root, `.` for a bare name).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` (empty when it ends in `/`).
    private static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The error for a failed open or read of `path` with `code` in `errno`.
    private static func readError(_ code: Int32, _ path: String) -> FileError {
        switch code {
        case ENOENT: FileError(.notFound, "no file at \(path)")
        case ENOTDIR: FileError(.notFound, "no file at \(path): a component of the path is not a directory")
        case EACCES, EPERM: FileError(.unreadable, "no permission to read \(path)")
        default: FileError(.unreadable, "cannot read \(path): \(describe(code))")
        }
    }

    /// The error for a failed write of `path`, whose temporary file lives in `directory`.
    private static func writeError(_ code: Int32, _ path: String, directory: String) -> FileError {
        switch code {
        case ENOENT, ENOTDIR: FileError(.unwritable, "cannot write \(path): no directory \(directory)")
        case EACCES, EPERM: FileError(.unwritable, "cannot write \(path): no permission")
        default: FileError(.unwritable, "cannot write \(path): \(describe(code))")
        }
    }

    /// The system's text for `errno` value `code`, for example `No space left on device`.
    private static func describe(_ code: Int32) -> String {
        // SAFETY: `strerror` returns a NUL-terminated string that stays valid until the next
        // `strerror` call on this thread; it is copied before this function returns.
        unsafe String(cString: strerror(code))
    }

    /// What kind of file `mode` describes, for example `a directory`.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}

/// `read(2)`, under a name that ``FileAccess/readFile(at:)`` does not shadow. The caller
/// passes a buffer with room for `count` bytes.
@unsafe
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    // SAFETY: the caller's buffer holds `count` bytes, the most `read` writes.
    unsafe read(descriptor, buffer, count)
}

/// `write(2)`, under a name that ``FileAccess/stage(_:for:)`` does not shadow. The
/// caller passes a buffer holding `count` bytes.
@unsafe
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    // SAFETY: the caller's buffer holds `count` bytes, the most `write` reads.
    unsafe write(descriptor, buffer, count)
}
