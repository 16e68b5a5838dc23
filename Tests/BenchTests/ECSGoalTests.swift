import Testing

@testable import Bench

/// Tests of the goals `bench ecs` judges against baselines of the same run.
struct ECSGoalTests {
    /// A row as the goals read it.
    private func row(_ workload: String, _ entities: Int, _ minimum: Double) -> (workload: String, entities: Int, minimum: Double) {
        (workload, entities, minimum)
    }

    @Test func hierarchyIsMetWithinOneAndAHalfTimesItsCWalkAndMissedBeyond() {
        let met = ECSGoal.judgements([row("hierarchy", 100_000, 1.5), row("hierarchy_c", 100_000, 1.0)])
        #expect(met.count == 1)
        #expect(met.first?.value == 1.5)
        #expect(met.first?.limit == 1.5)
        #expect(met.first?.isMet == true)
        #expect(met.first?.cells == ["hierarchy within 1.5x of its plain C walk (hierarchy_c)", "100000", "1.50x", "1.50x", "met"])
        let missed = ECSGoal.judgements([row("hierarchy_c", 100_000, 1.0), row("hierarchy", 100_000, 1.51)])
        #expect(missed.first?.isMet == false)
        #expect(missed.first?.cells.last == "missed")
    }

    /// `observe` minus `add_remove` is what the observers add; `observe_c` is the callbacks'
    /// own work, the limit.
    @Test func observeIsJudgedByWhatItAddsToAddRemoveAgainstTheCallbacksOwnWork() throws {
        let rows = [row("add_remove", 10_000, 27.5), row("observe", 10_000, 41.5), row("observe_c", 10_000, 3.0)]
        let judgement = try #require(ECSGoal.judgements(rows).first)
        #expect(judgement.value == 14.0)
        #expect(judgement.limit == 3.0)
        #expect(!judgement.isMet)
        #expect(judgement.cells[2...] == ["14.00 ns", "3.00 ns", "missed"])
        let free = ECSGoal.judgements([row("add_remove", 10_000, 27.5), row("observe", 10_000, 29.0), row("observe_c", 10_000, 3.0)])
        #expect(free.first?.isMet == true)
    }

    /// `observe_direct` calls the same closures with no observer: judged on the same figure
    /// and limit as `observe`, beside it, it shows how much of `observe`'s figure any observer
    /// pays.
    @Test func theDirectCallsAreJudgedBesideObserveOnTheSameFigureAndLimit() throws {
        let rows = [
            row("add_remove", 10_000, 27.5), row("observe", 10_000, 41.5), row("observe_c", 10_000, 3.0),
            row("observe_direct", 10_000, 31.0),
        ]
        let judgements = ECSGoal.judgements(rows)
        #expect(judgements.count == 2)
        let floor = try #require(judgements.last)
        #expect(floor.goal.hasPrefix("floor: observe_direct"))
        #expect(floor.value == 3.5)
        #expect(floor.limit == 3.0)
        #expect(floor.cells[2...] == ["3.50 ns", "3.00 ns", "missed"])
        #expect(judgements.first?.value == 14.0)
    }

    /// A goal is judged only where its workload and every baseline ran at the same entity
    /// count, once per such count.
    @Test func goalsNeedEveryBaselineAtTheSameEntityCount() {
        #expect(ECSGoal.judgements([row("observe", 10_000, 41), row("add_remove", 10_000, 27)]).isEmpty)
        #expect(ECSGoal.judgements([row("hierarchy", 1_000, 1.4), row("hierarchy_c", 100_000, 1.0)]).isEmpty)
        #expect(ECSGoal.judgements([row("hierarchy_c", 1_000, 1.0), row("add_remove", 1_000, 27)]).isEmpty)
        let two = ECSGoal.judgements([
            row("hierarchy", 1_000, 1.2), row("hierarchy", 2_000, 2.0), row("hierarchy_c", 1_000, 1.0), row("hierarchy_c", 2_000, 1.0),
        ])
        #expect(two.map(\.entities) == [1_000, 2_000])
        #expect(two.map(\.isMet) == [true, false])
    }

    /// Each baseline does its workload's work: equal checksums after equal frames.
    @Test(arguments: [("observe", "observe_c", 1_000), ("observe", "observe_direct", 1_000), ("hierarchy", "hierarchy_c", 4_681)])
    func baselinesEndInTheirWorkloadsChecksum(workload: String, baseline name: String, entities: Int) throws {
        let swift = try ECSWorkloadCatalog.make(workload, entities: entities, threads: 1)
        let baseline = try ECSWorkloadCatalog.make(name, entities: entities, threads: 1)
        for _ in 0..<3 {
            swift.runFrame()
            baseline.runFrame()
        }
        #expect(try swift.stateChecksum() == baseline.stateChecksum())
        #expect(swift.work == baseline.work)
    }
}
