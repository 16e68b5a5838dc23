import Foundation
import Render

/// Compares `image` with the reference image `<directory>/<name>.png`.
///
/// On a mismatch the actual image and a difference image (see
/// ``SnapshotComparator/differenceImage(_:_:configuration:)``) are written next to the reference
/// as `<name>.actual.png` and `<name>.diff.png`, and ``SnapshotMismatch`` is thrown; a later
/// match removes those two files. When the reference does not exist and `record` is
/// ``SnapshotRecordMode/missing`` (or `record` is ``SnapshotRecordMode/all``), the image is
/// written as the reference, creating `directory` if needed, and the outcome says so.
///
/// - Parameters:
///   - image: The rendered image.
///   - name: The file name of the snapshot without extension; not empty, no `/`, not `.` or `..`.
///   - directory: The directory that holds the references.
///   - configuration: The tolerances; `nil` uses ``SnapshotConfiguration/forFixture(_:)`` of `name`.
///   - record: When to write the reference.
/// - Returns: Whether the image matched or was recorded.
/// - Throws: ``SnapshotMismatch`` when the image does not match; ``RenderError`` with
///   ``RenderErrorCode/invalidArgument`` for a bad name, ``RenderErrorCode/resourceNotFound`` for
///   a missing reference under ``SnapshotRecordMode/never``, the errors of
///   ``PNGCodec/read(contentsOf:)`` for a reference that cannot be read or decoded, and
///   ``RenderErrorCode/resourceUnwritable`` when a file cannot be written.
@discardableResult
public func assertSnapshot(
    of image: RGBA8Image,
    named name: String,
    in directory: String,
    configuration: SnapshotConfiguration? = nil,
    record: SnapshotRecordMode = .missing
) throws -> SnapshotOutcome {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
        throw RenderError(.invalidArgument, "snapshot name \"\(name)\" is not a plain file name")
    }
    let base = URL(fileURLWithPath: directory).appendingPathComponent(name).path
    let referencePath = base + ".png"
    let actualPath = base + ".actual.png"
    let differencePath = base + ".diff.png"
    let files = FileManager.default

    guard record != .all, files.fileExists(atPath: referencePath) else {
        guard record != .never else {
            throw RenderError(.resourceNotFound, "no reference image at \(referencePath) and recording is off")
        }
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RenderError(.resourceUnwritable, "cannot create the directory \(directory): \(error.localizedDescription)")
        }
        try PNGCodec.write(image, to: referencePath)
        return .recorded(referencePath: referencePath)
    }

    let reference = try PNGCodec.read(contentsOf: referencePath)
    let configuration = configuration ?? .forFixture(name)
    let comparison = SnapshotComparator.compare(image, reference, configuration: configuration)
    guard comparison.passed else {
        try PNGCodec.write(image, to: actualPath)
        try PNGCodec.write(
            SnapshotComparator.differenceImage(image, reference, configuration: configuration), to: differencePath
        )
        throw SnapshotMismatch(
            name: name, comparison: comparison, configuration: configuration,
            referencePath: referencePath, actualPath: actualPath, differencePath: differencePath
        )
    }
    try? files.removeItem(atPath: actualPath)
    try? files.removeItem(atPath: differencePath)
    return .matched(comparison)
}

/// Compares the canvas's pixels (as ``RGBA8Canvas/image()`` gives them) with the reference
/// image `<directory>/<name>.png`, exactly as the ``RGBA8Image`` form does.
@discardableResult
public func assertSnapshot(
    of canvas: RGBA8Canvas,
    named name: String,
    in directory: String,
    configuration: SnapshotConfiguration? = nil,
    record: SnapshotRecordMode = .missing
) throws -> SnapshotOutcome {
    try assertSnapshot(of: canvas.image(), named: name, in: directory, configuration: configuration, record: record)
}
