import CECSReference
import Foundation

/// The tree of the `hierarchy` workloads: node 0 is the root and node `i > 0` the child of
/// node `(i - 1) / 8` (fan-out 8), so nodes are numbered breadth first, parents before
/// children. Each node's local transform is a small rotation and scale with a translation,
/// all from its number, so both implementations start from the same bits (both take them from here).
enum HierarchyTree {
    /// Children per inner node.
    static let fanOut = 8

    /// The parent of node `i`, -1 for the root.
    static func parent(of i: Int) -> Int32 { i == 0 ? -1 : Int32((i - 1) / fanOut) }

    /// The local transform of node `i`.
    static func local(_ i: Int) -> Affine2D {
        let angle = Float(i % 7) * 0.01
        let scale = 1 + Float(i % 5) * 0.001
        let cosine = scale * cos(angle)
        let sine = scale * sin(angle)
        return Affine2D(a: cosine, b: sine, c: -sine, d: cosine, tx: Float(i % 11), ty: Float(i % 13))
    }
}

/// A 2D affine transform with the layout of the C reference's `ecsref_affine`: the linear part
/// `[a c; b d]` and the translation `(tx, ty)`.
struct Affine2D: Equatable {
    var a, b, c, d, tx, ty: Float

    /// The identity.
    static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `parent` after `local`, with the C reference's formula and rounding (no fused
    /// multiply-add), so both get the same bits.
    static func * (p: Affine2D, l: Affine2D) -> Affine2D {
        Affine2D(
            a: p.a * l.a + p.c * l.b, b: p.b * l.a + p.d * l.b,
            c: p.a * l.c + p.c * l.d, d: p.b * l.c + p.d * l.d,
            tx: p.a * l.tx + p.c * l.ty + p.tx, ty: p.b * l.tx + p.d * l.ty + p.ty)
    }

    /// The same transform as the C reference's type.
    var reference: ecsref_affine { ecsref_affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}
