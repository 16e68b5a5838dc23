import SIMDKernels

/// Where the C kernels read a batch of rectangles from: arrays of ``RotatedRect`` (or of any
/// element with a centre, size, rotation, colour and opacity) in place, each field at its
/// offset, one element stride apart, or parallel columns.
extension RectColumns {
    /// The rectangles of `rects`, read in place.
    init(_ rects: UnsafeBufferPointer<RotatedRect>) {
        unsafe self.init(
            rects.baseAddress, center: \RotatedRect.center, size: \.size, rotation: \.rotation, color: \.color,
            opacity: \.opacity)
    }

    /// Rectangle `i` is `centers[i]`, `sizes[i]`, `rotations[i]`, `colors[i]` and `opacities[i]`.
    init(
        centers: UnsafeBufferPointer<SIMD2<Float>>, sizes: UnsafeBufferPointer<SIMD2<Float>>,
        rotations: UnsafeBufferPointer<Float>, colors: UnsafeBufferPointer<RGBAColor>,
        opacities: UnsafeBufferPointer<Float>
    ) {
        unsafe self.init(
            center: Self.floats(centers.baseAddress), centerStride: MemoryLayout<SIMD2<Float>>.stride,
            size: Self.floats(sizes.baseAddress), sizeStride: MemoryLayout<SIMD2<Float>>.stride,
            rotation: rotations.baseAddress, rotationStride: MemoryLayout<Float>.stride,
            color: Self.floats(colors.baseAddress), colorStride: MemoryLayout<RGBAColor>.stride,
            opacity: opacities.baseAddress, opacityStride: MemoryLayout<Float>.stride)
    }

    /// The columns of elements laid out one `Element` stride apart from `base`, each field at
    /// the offset of its key path (stored properties of `Float`s, so every offset exists).
    package init<Element>(
        _ base: UnsafePointer<Element>?, center: PartialKeyPath<Element>, size: PartialKeyPath<Element>,
        rotation: PartialKeyPath<Element>, color: PartialKeyPath<Element>, opacity: PartialKeyPath<Element>
    ) {
        let stride = MemoryLayout<Element>.stride
        let raw = unsafe UnsafeRawPointer(base)
        // SAFETY: only offsets inside an element are formed here; the kernels read them only for
        // indices below the buffer's count.
        func column(_ field: PartialKeyPath<Element>) -> UnsafePointer<Float>? {
            unsafe raw.map { unsafe ($0 + MemoryLayout<Element>.offset(of: field)!).assumingMemoryBound(to: Float.self) }
        }
        unsafe self.init(
            center: column(center), centerStride: stride, size: column(size), sizeStride: stride,
            rotation: column(rotation), rotationStride: stride, color: column(color), colorStride: stride,
            opacity: column(opacity), opacityStride: stride)
    }

    /// The first `Float` of a buffer of `Float` aggregates.
    private static func floats<Aggregate>(_ base: UnsafePointer<Aggregate>?) -> UnsafePointer<Float>? {
        unsafe UnsafeRawPointer(base)?.assumingMemoryBound(to: Float.self)
    }

    /// The same columns starting `count` rectangles later.
    func advanced(by count: Int) -> RectColumns {
        // SAFETY: the caller advances only within the batch the columns describe.
        unsafe RectColumns(
            center: center.map { unsafe UnsafeRawPointer($0).advanced(by: count * centerStride).assumingMemoryBound(to: Float.self) },
            centerStride: centerStride,
            size: size.map { unsafe UnsafeRawPointer($0).advanced(by: count * sizeStride).assumingMemoryBound(to: Float.self) },
            sizeStride: sizeStride,
            rotation: rotation.map { unsafe UnsafeRawPointer($0).advanced(by: count * rotationStride).assumingMemoryBound(to: Float.self) },
            rotationStride: rotationStride,
            color: color.map { unsafe UnsafeRawPointer($0).advanced(by: count * colorStride).assumingMemoryBound(to: Float.self) },
            colorStride: colorStride,
            opacity: opacity.map { unsafe UnsafeRawPointer($0).advanced(by: count * opacityStride).assumingMemoryBound(to: Float.self) },
            opacityStride: opacityStride)
    }
}
