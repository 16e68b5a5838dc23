/// A component made of ``scalarCount`` values of one scalar type stored back to back, such as a
/// vector or colour struct. A chunk loop can view a column of it as one flat scalar buffer,
/// which the compiler turns into full-width SIMD loops.
///
/// ```swift
/// struct Position: PackedScalars { typealias Scalar = Float; static let scalarCount = 3; var x, y, z: Float }
/// ```
public protocol PackedScalars {
    /// The element type, for example `Float`.
    associatedtype Scalar
    /// Number of scalars in one value.
    static var scalarCount: Int { get }
}

extension PackedScalars {
    /// Whether the memory layout really is `scalarCount` scalars with no padding.
    @inlinable
    static var isPacked: Bool {
        MemoryLayout<Self>.size == scalarCount * MemoryLayout<Scalar>.stride
            && MemoryLayout<Self>.stride == MemoryLayout<Self>.size
            && MemoryLayout<Self>.alignment == MemoryLayout<Scalar>.alignment
    }

    @inlinable
    static func layoutError() -> ECSError {
        ECSError(.invalidArgument,
                 "\(Self.self) is not \(scalarCount) packed \(Scalar.self) values (stride \(MemoryLayout<Self>.stride))")
    }
}

extension UnsafeMutableBufferPointer where Element: PackedScalars {
    /// The values as one flat buffer of `count * scalarCount` scalars.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` if the type's layout is not packed.
    @inlinable
    public func scalars() throws(ECSError) -> UnsafeMutableBufferPointer<Element.Scalar> {
        guard Element.isPacked else { throw Element.layoutError() }
        // SAFETY: a packed element is exactly `scalarCount` scalars with the scalar's alignment
        // and no padding (checked above), so the same memory holds `count * scalarCount`
        // scalars; the view is as valid as this buffer.
        return unsafe UnsafeMutableBufferPointer<Element.Scalar>(
            start: UnsafeMutableRawPointer(baseAddress)?.assumingMemoryBound(to: Element.Scalar.self),
            count: count * Element.scalarCount)
    }
}

extension UnsafeBufferPointer where Element: PackedScalars {
    /// The values as one flat buffer of `count * scalarCount` scalars.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` if the type's layout is not packed.
    @inlinable
    public func scalars() throws(ECSError) -> UnsafeBufferPointer<Element.Scalar> {
        guard Element.isPacked else { throw Element.layoutError() }
        // SAFETY: as for the mutable form: the packed layout (checked above) makes the memory
        // `count * scalarCount` scalars, valid as long as this buffer.
        return unsafe UnsafeBufferPointer<Element.Scalar>(
            start: UnsafeRawPointer(baseAddress)?.assumingMemoryBound(to: Element.Scalar.self),
            count: count * Element.scalarCount)
    }
}
