import Testing
@testable import ECS

/// Long seeded random sequences of every operation (spawn, batch spawn, destroy, insert,
/// remove, compact, retain, commands, query writes, stale-entity misuse), with the whole world,
/// its queries and their version stamps checked against ``WorldModel`` after every step.
@Suite struct RandomizedModelTests {
    /// Steps per seed.
    static let steps = 2_000

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func worldMatchesModel(seed: UInt64) throws {
        let run = try ModelRun(seed: seed)
        while run.step < Self.steps {
            try run.advance()
        }
        #expect(run.model.dead.count > 100, "the run destroyed too few entities to matter")
    }
}
