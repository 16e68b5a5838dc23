import BenchKit
import ECS

/// A 4x4 float matrix (column-major), the `Transform` of the standard ECS workloads.
struct Matrix4: Equatable {
    var c0, c1, c2, c3: SIMD4<Float>

    static let identity = Matrix4(
        c0: [1, 0, 0, 0], c1: [0, 1, 0, 0], c2: [0, 0, 1, 0], c3: [0, 0, 0, 1])

    /// `self * v`.
    func transform(_ v: SIMD4<Float>) -> SIMD4<Float> {
        c0 * v.x + c1 * v.y + c2 * v.z + c3 * v.w
    }

    /// The inverse by cofactors (the matrix of the benchmarks is always invertible).
    func inverse() -> Matrix4 {
        let m = SIMD16<Float>(lowHalf: SIMD8(lowHalf: c0, highHalf: c1), highHalf: SIMD8(lowHalf: c2, highHalf: c3))
        var inv = SIMD16<Float>()
        inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10]
        inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10]
        inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9]
        inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9]
        inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10]
        inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10]
        inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9]
        inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9]
        inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6]
        inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6]
        inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5]
        inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5]
        inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6]
        inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6]
        inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5]
        inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        let scale = 1 / det
        return Matrix4(
            c0: SIMD4(inv[0], inv[1], inv[2], inv[3]) * scale,
            c1: SIMD4(inv[4], inv[5], inv[6], inv[7]) * scale,
            c2: SIMD4(inv[8], inv[9], inv[10], inv[11]) * scale,
            c3: SIMD4(inv[12], inv[13], inv[14], inv[15]) * scale)
    }
}

/// Three packed floats (12 bytes), the vector components of the standard workloads.
struct Vector3: Equatable, PackedScalars {
    typealias Scalar = Float
    static let scalarCount = 3
    var x, y, z: Float
}

/// The four components of the ecs_bench_suite entity.
struct Transform { var matrix = Matrix4.identity }
struct Position: PackedScalars {
    typealias Scalar = Float
    static let scalarCount = 3
    var value = Vector3(x: 1, y: 0, z: 0)
}
struct Rotation { var value = Vector3(x: 0, y: 0, z: 1) }
struct Velocity: PackedScalars {
    typealias Scalar = Float
    static let scalarCount = 3
    var value = Vector3(x: 1, y: 1, z: 1)
}
