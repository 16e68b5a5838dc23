import BenchKit
import ECS

/// ecs_bench_suite `frag_iter`: 26 component types with 20 entities each, all also holding
/// `Data`; one frame doubles every `Data` across the 26 tables.
///
/// Checksum components: `Data` (the tags have no bytes). Work: `updated` = 26 x 20 per frame.
final class FragIterWorkload: VerifiableWorkload {
    struct Data { var value: Float = 1 }
    struct A {}; struct B {}; struct C {}; struct D {}; struct E {}; struct F {}; struct G {}
    struct H {}; struct I {}; struct J {}; struct K {}; struct L {}; struct M {}; struct N {}
    struct O {}; struct P {}; struct Q {}; struct R {}; struct S {}; struct T {}; struct U {}
    struct V {}; struct W {}; struct X {}; struct Y {}; struct Z {}

    let perType: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let data: Query<Write<Data>>

    init(entitiesPerType: Int) throws {
        perType = entitiesPerType
        data = try world.query(Write<Data>.self)
        let world = self.world
        func spawn<Tag>(_ tag: Tag) throws { try world.spawn(count: entitiesPerType) { _ in (tag, Data()) } }
        try spawn(A()); try spawn(B()); try spawn(C()); try spawn(D()); try spawn(E()); try spawn(F())
        try spawn(G()); try spawn(H()); try spawn(I()); try spawn(J()); try spawn(K()); try spawn(L())
        try spawn(M()); try spawn(N()); try spawn(O()); try spawn(P()); try spawn(Q()); try spawn(R())
        try spawn(S()); try spawn(T()); try spawn(U()); try spawn(V()); try spawn(W()); try spawn(X())
        try spawn(Y()); try spawn(Z())
    }

    var name: String { "ecs.frag_iter" }
    var params: [String: Int] { ["entities": perType * 26] }
    var entitiesPerFrame: Int { perType * 26 }
    var bytesPerFrame: Int { entitiesPerFrame * 2 * MemoryLayout<Data>.stride }
    var isParallel: Bool { false }

    func runFrame() {
        var updated = 0
        // Cannot throw: outside a system no access is undeclared, the one error it reports.
        try! data.forEachChunk { chunk, values in
            for i in values.indices { values[i].value *= 2 }
            updated &+= chunk.count
        }
        work.addFrame(updated: updated)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<Data>.self).forEachChunk { chunk, values in
            for row in 0..<chunk.count { checksum.add(values[row]) }
        }
        return checksum
    }
}
