#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic, durable writes of snapshots through POSIX calls.
///
/// The project's general file writer (`Platform.FileAccess`) lives in a library the ECS may not
/// depend on (the ECS depends on nothing), so this is the minimal part a snapshot needs: write
/// a temporary file beside the target, flush it, rename it over the target, flush the
/// directory; read a regular file whole.
enum SnapshotFile {
    /// Writes `bytes` to `path` atomically: the file holds its old contents or `bytes`.
    /// - Throws: ``ECSError/Code-swift.enum/snapshotFile`` with the system's reason.
    static func write(_ bytes: [UInt8], to path: String) throws(ECSError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw ECSError(.snapshotFile, "cannot write a snapshot to \(path): it names a directory") }
        // SAFETY (every `unlink`, `rename` and `open` below): the paths are passed as C strings
        // that live for the call.
        var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        // SAFETY: `template` is a NUL-terminated, writable C string that lives for the call.
        let descriptor = unsafe template.withUnsafeMutableBufferPointer { unsafe mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(directory)") }
        // SAFETY: `mkstemp` wrote the temporary file's name into `template`, NUL-terminated.
        let temporary = unsafe template.withUnsafeBufferPointer { unsafe String(cString: $0.baseAddress!) }
        var written = 0
        while written < bytes.count {
            // SAFETY: `write` reads at most `bytes.count - written` bytes from inside the array,
            // which is borrowed for the call.
            let result = unsafe bytes.withUnsafeBytes { unsafe systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                let error = failure("cannot write \(path)")
                close(descriptor)
                unsafe unlink(temporary)
                throw error
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("cannot flush \(path)")
            close(descriptor)
            unsafe unlink(temporary)
            throw error
        }
        close(descriptor)
        guard unsafe rename(temporary, path) == 0 else {
            let error = failure("cannot replace \(path)")
            unsafe unlink(temporary)
            throw error
        }
        let directoryDescriptor = unsafe open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Every byte of the regular file at `path`.
    /// - Throws: ``ECSError/Code-swift.enum/snapshotFile`` with the system's reason, or when
    ///   `path` is not a regular file.
    static func read(_ path: String) throws(ECSError) -> [UInt8] {
        // Non-blocking, so that a FIFO without a writer does not hang the open.
        // SAFETY: `path` is passed as a C string that lives for the call.
        let descriptor = unsafe open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open \(path)") }
        defer { close(descriptor) }
        var status = stat()
        // SAFETY: the kernel fills the local `stat` through a pointer that lives for the call.
        guard unsafe fstat(descriptor, &status) == 0 else { throw failure("cannot read \(path)") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ECSError(.snapshotFile, "cannot read \(path): not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // SAFETY: `read` writes at most the chunk's size into the chunk, borrowed for the call.
            let count = unsafe chunk.withUnsafeMutableBytes { unsafe systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw failure("cannot read \(path)")
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// POSIX `write`, whose name the snapshot's own `write` hides.
    @unsafe private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        unsafe Darwin.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        unsafe Musl.write(descriptor, buffer, count)
        #else
        unsafe Glibc.write(descriptor, buffer, count)
        #endif
    }

    /// POSIX `read`, whose name the snapshot's own `read` hides.
    @unsafe private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        unsafe Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        unsafe Musl.read(descriptor, buffer, count)
        #else
        unsafe Glibc.read(descriptor, buffer, count)
        #endif
    }

    /// A file error with `context` and the system's text for `errno`.
    private static func failure(_ context: String) -> ECSError {
        // SAFETY: `strerror` returns a NUL-terminated string, copied at once.
        ECSError(.snapshotFile, "\(context): \(unsafe String(cString: strerror(errno)))")
    }
}
