/// Streams `Encodable` values as JSON text: components of a JSON snapshot go out through
/// their `Encodable` conformance with no tree in between.
///
/// Each object and array is written as its container is used and closed when the value
/// around it moves on (``JSONNestingWriter``), so a container must be written to while its
/// value is the one being encoded, as every synthesized and standard conformance does;
/// writing to one after its parent moved on is an `EncodingError`, not a misplaced value. An
/// object's members come out sorted by name, as Foundation's `.sortedKeys` writes them; a
/// name given twice is an `EncodingError`. Non-finite floating-point values, which JSON
/// cannot hold, are an `EncodingError` too.
@usableFromInline
final class SnapshotJSONEncoder {
    /// The text and its open containers.
    // SAFETY: no access to `text` overlaps another. Each method of this class takes it for one
    // call that runs no code of a value's conformance (the closures passed to `write` and
    // `entry` only write the writer they are given), and one save uses the encoder on one thread.
    @exclusivity(unchecked) private var text = JSONNestingWriter()
    /// The coding path of the value being encoded.
    private(set) var codingPath: [any CodingKey] = []
    /// A misuse a non-throwing `Encoder` call found, thrown when the value is done.
    private var failure: EncodingError? {
        didSet { failed = failure != nil }
    }
    /// Whether `failure` holds an error (a flag, cheaper to test than the optional).
    private var failed = false

    /// Appends `value` as one JSON value.
    /// - Throws: The `EncodingError` of a value JSON cannot hold or of a misused container,
    ///   or what `value`'s conformance throws.
    func encode<T: Encodable>(_ value: T) throws {
        if failed { failure = nil }
        try encodeValue(value)
        if failed, let failure { throw failure }
    }

    /// Appends `value` at the current position, closing the containers it opens.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if try encodeScalar(value) { return }
        try encodeComposite(value)
    }

    /// Appends `value` if it is one of the scalars most components hold; returns whether it was.
    func encodeScalar<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == Float.self {
            let float = value as! Float
            try checkFinite(float, nil)
            unsafe text.writer.write(float)
        } else if T.self == Double.self {
            let double = value as! Double
            try checkFinite(double, nil)
            unsafe text.writer.write(double)
        } else if T.self == Int.self {
            unsafe text.writer.write(value as! Int)
        } else if T.self == String.self {
            unsafe text.writer.write(value as! String)
        } else {
            return false
        }
        return true
    }

    /// Appends `value` through its conformance, closing the containers it opens.
    func encodeComposite<T: Encodable>(_ value: T) throws {
        let (depth, start) = unsafe text.position
        try value.encode(to: SnapshotJSONSlotEncoder(encoder: self, depth: depth, start: start))
        do {
            try unsafe text.close(downTo: depth, emptyValueAt: start)
        } catch {
            throw located(error)
        }
    }

    /// The text written so far.
    var bytes: [UInt8] { unsafe text.writer.bytes }

    /// Swaps the text for `bytes`, so that a save writes into the caller's array.
    func exchangeBytes(with bytes: inout [UInt8]) {
        unsafe swap(&text.writer.bytes, &bytes)
    }

    /// Runs `body` on the text writer, in one access to it; `body` must not use the encoder.
    func write(_ body: (inout JSONTextWriter) -> Void) {
        unsafe body(&text.writer)
    }

    /// Runs `body` with `key` on the coding path.
    func with<R>(_ key: any CodingKey, _ body: () throws -> R) rethrows -> R {
        codingPath.append(key)
        defer { codingPath.removeLast() }
        return try body()
    }

    // MARK: Containers

    /// Opens an object or array for the value at (`depth`, `start`), or returns the one open
    /// there already; returns the container's identity, or -1 after recording a misuse.
    func openContainer(object: Bool, depth: Int, start: Int) -> Int {
        guard let identity = unsafe text.openContainer(object: object, depth: depth, start: start) else {
            failure = located(JSONNestingWriter.misuse("a value asked for a container after it wrote something else"))
            return -1
        }
        return identity
    }

    /// Opens an object or array as the next member or element of the container
    /// (`depth`, `start`); returns the nested container's identity, or -1 after recording a misuse.
    func openNested(object: Bool, in depth: Int, _ start: Int, name: String?) -> Int {
        do {
            try beginEntry(depth, start, name: name)
        } catch {
            failure = error
            return -1
        }
        let (nestedDepth, nestedStart) = unsafe text.position
        return openContainer(object: object, depth: nestedDepth, start: nestedStart)
    }

    /// The place of the next member or element of the container (`depth`, `start`), for a
    /// super encoder; one no container can use after recording a misuse.
    func nestedSlot(in depth: Int, _ start: Int, name: String?) -> SnapshotJSONSlotEncoder {
        do {
            try beginEntry(depth, start, name: name)
        } catch {
            failure = error
            return SnapshotJSONSlotEncoder(encoder: self, depth: depth + 1, start: -1)
        }
        let (slotDepth, slotStart) = unsafe text.position
        return SnapshotJSONSlotEncoder(encoder: self, depth: slotDepth, start: slotStart)
    }

    /// Writes what comes before a member or element of the container (`depth`, `start`).
    func beginEntry(_ depth: Int, _ start: Int, name: String?) throws(EncodingError) {
        do {
            try unsafe text.beginEntry(depth, start, name: name)
        } catch {
            throw located(error)
        }
    }

    /// Writes a member or element of the container (`depth`, `start`) whose value `write`
    /// appends, in one access to the text; `write` must not use the encoder.
    func entry(_ depth: Int, _ start: Int, name: String?, _ write: (inout JSONTextWriter) -> Void) throws(EncodingError) {
        do {
            try unsafe text.entry(depth, start, name: name, write)
        } catch {
            throw located(error)
        }
    }

    /// Throws unless `value` is finite (`key` is its coding key).
    func checkFinite<T: BinaryFloatingPoint>(_ value: T, _ key: @autoclosure () -> (any CodingKey)?) throws(EncodingError) {
        guard value.isFinite else { throw nonFinite(value, key()) }
    }

    /// Throws unless the single value at (`depth`, `start`) is still unwritten.
    func beginSingleValue(_ depth: Int, _ start: Int) throws(EncodingError) {
        guard unsafe text.isEmpty(depth, start) else {
            throw located(JSONNestingWriter.misuse("a single value container was given a second value"))
        }
    }

    /// The number of members or elements begun in the container (`depth`, `start`).
    func count(_ depth: Int, _ start: Int) -> Int {
        unsafe text.count(depth, start)
    }

    // MARK: Errors

    /// `error` with the coding path of the value being encoded.
    private func located(_ error: EncodingError) -> EncodingError {
        guard case let .invalidValue(value, context) = error else { return error }
        return .invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: context.debugDescription))
    }

    private func nonFinite(_ value: Any, _ key: (any CodingKey)?) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: key.map { codingPath + [$0] } ?? codingPath, debugDescription: "\(value) cannot be written as a JSON number"))
    }
}
