import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The check every decoder makes before handing a path to its library: something is there, it is
/// a regular file (not a directory, FIFO, socket or device) and it is not empty.
enum RegularFile {
    /// The size of the regular file at `path`, checked without blocking (a FIFO is never handed
    /// to a decoding library, whose open would wait for a writer).
    static func size(at path: String) throws(AudioError) -> Int64 {
        // SAFETY: `path` is a C string that lives for the call; `strerror` returns a static
        // message that is copied at once.
        let descriptor = unsafe open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound("no file at \(path)") }
            throw .ioError("\(path) cannot be opened: \(unsafe String(cString: strerror(code)))", underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
        }
        defer { close(descriptor) }
        var status = stat()
        // SAFETY: the kernel fills the local `stat` through a pointer that lives for the call.
        guard unsafe fstat(descriptor, &status) == 0 else {
            let code = errno
            throw .ioError("\(path) cannot be examined: \(unsafe String(cString: strerror(code)))", underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw .unsupported("\(path) is a directory, not an audio file")
        default:
            throw .unsupported("\(path) is not a regular file (a FIFO, socket or device)")
        }
        guard status.st_size > 0 else { throw .decodeError("\(path) is empty") }
        return Int64(status.st_size)
    }
}
