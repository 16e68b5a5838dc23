/// The stable numeric error codes of the renderer: the argument, state and encoding codes come
/// first and the file and data codes continue the numbering.
///
/// The raw values and ``name`` strings never change, so they can be logged, stored and
/// compared across versions. Failures of this module use:
/// - ``invalidArgument`` for bad sizes, non-finite values, pixel buffers of the wrong length and
///   bad snapshot names;
/// - ``resourceNotFound`` when no file exists at a path (or a directory on the way is missing);
/// - ``resourceUnreadable`` when a file exists but cannot be read: permission denied, a
///   directory, a device or another file that is not a regular file, an I/O error;
/// - ``resourceUnwritable`` when a file cannot be written: permission denied, a missing
///   directory, a directory in the way, a full disk;
/// - ``formatInvalid`` for bytes that are empty or not a PNG stream, and a file that is not a
///   scalable font;
/// - ``dataTruncated`` for a PNG stream that ends early;
/// - ``dataCorrupt`` for a PNG stream with a checksum (CRC) error or damaged contents;
/// - ``outOfMemory`` when a decoded image would exceed ``RenderLimits/maxPixelCount``;
/// - ``renderFailed`` when libpng cannot encode an image.
public enum RenderErrorCode: Int32, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A file (an image, a reference) does not exist.
    case resourceNotFound = -9
    /// Memory ran out, or a request exceeded a memory cap.
    case outOfMemory = -10
    /// An argument was out of range, not finite or inconsistent.
    case invalidArgument = -11
    /// An image could not be rendered or encoded.
    case renderFailed = -12
    /// A file exists but could not be read.
    case resourceUnreadable = -14
    /// A file could not be written.
    case resourceUnwritable = -15
    /// Bytes are not in the expected format (for example not a PNG stream).
    case formatInvalid = -16
    /// Bytes in the expected format end early.
    case dataTruncated = -17
    /// Bytes in the expected format fail a checksum or are damaged.
    case dataCorrupt = -18

    /// The snake-case name, for example `invalid_argument`.
    public var name: String {
        switch self {
        case .resourceNotFound: "resource_not_found"
        case .outOfMemory: "out_of_memory"
        case .invalidArgument: "invalid_argument"
        case .renderFailed: "render_failed"
        case .resourceUnreadable: "resource_unreadable"
        case .resourceUnwritable: "resource_unwritable"
        case .formatInvalid: "format_invalid"
        case .dataTruncated: "data_truncated"
        case .dataCorrupt: "data_corrupt"
        }
    }

    /// The fixed human-readable message for the code.
    public var message: String {
        switch self {
        case .resourceNotFound: "Resource not found"
        case .outOfMemory: "Out of memory"
        case .invalidArgument: "Invalid argument"
        case .renderFailed: "Render failed"
        case .resourceUnreadable: "Resource cannot be read"
        case .resourceUnwritable: "Resource cannot be written"
        case .formatInvalid: "Data is not in the expected format"
        case .dataTruncated: "Data is truncated"
        case .dataCorrupt: "Data is corrupt"
        }
    }

    /// The code's name and message, for example `invalid_argument (-11): Invalid argument`.
    public var description: String {
        "\(name) (\(rawValue)): \(message)"
    }
}
