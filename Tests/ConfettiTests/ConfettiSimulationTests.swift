import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

@Test(arguments: [0, 1, 5, 100, 1000])
func startCreatesEveryParticle(count: Int) throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: count))
    #expect(simulation.state.isRunning)
    #expect(simulation.state.isPlaying)
    #expect(simulation.cloud?.aliveCount == count)
    #expect(simulation.currentTime == 0)
    #expect(simulation.renderStates.count == count)
}

@Test func invariantsHoldAfterEveryStepForRandomConfigs() throws {
    var generator = ConfettiLCG(seed: 2024)
    for round in 0..<12 {
        var config = ConfettiConfig()
        config.lifecycle.particleCount = Int.random(in: 0...300, using: &generator)
        config.lifecycle.duration = Double.random(in: 0.5...3, using: &generator)
        config.lifecycle.fadeOutDuration = Double.random(in: 0...2, using: &generator)
        config.lifecycle.emission = round % 3 == 0 ? .continuous : .burst
        config.physics.gravity = Double.random(in: -500...4000, using: &generator)
        config.physics.drag = Double.random(in: 0.5...1.2, using: &generator)
        config.physics.terminalVelocity = Double.random(in: 10...400, using: &generator)
        config.spawn.boundaryMargin = Double.random(in: -10...200, using: &generator)
        config.spawn.originHeightRatio = Double.random(in: 0...1, using: &generator)
        config.spawn.angleSpread = Double.random(in: 0.01...3, using: &generator)
        config.wind.particlePhaseScale = Double.random(in: 0...2, using: &generator)
        let canvas = SIMD2(Double.random(in: 1...800, using: &generator), Double.random(in: 1...800, using: &generator))
        let simulation = try ConfettiFixture.started(config, seed: UInt64(round), canvas: canvas)
        let cloud = try #require(simulation.cloud)
        var alive = cloud.aliveCount
        for _ in 0..<150 {
            try simulation.advance(steps: 1)
            #expect(ConfettiFixture.invariantsHold(cloud))
            #expect(cloud.states.allSatisfy { $0.opacity > 0 })
            if config.lifecycle.emission == .continuous {
                #expect(cloud.aliveCount == config.lifecycle.particleCount)
            } else {
                #expect(cloud.aliveCount <= alive)
            }
            alive = cloud.aliveCount
        }
    }
}

@Test func versionBumpsOncePerStep() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 10))
    let start = try #require(simulation.cloud?.version)
    try simulation.advance(steps: 3)
    #expect(simulation.cloud?.version == start + 3)
    simulation.update(at: 2.0 / 60.0)
    #expect(simulation.cloud?.version == start + 5)
}

@Test func exactlyOneStepIsNotFlooredAway() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5))
    simulation.update(at: 1.0 / 60.0)
    #expect(simulation.currentTime == 1.0 / 60.0)
}

@Test func largeDeltaIsClampedAndCappedAtFiveSteps() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5, duration: 30))
    simulation.update(at: 10)
    #expect(simulation.currentTime == (0..<5).reduce(0.0) { sum, _ in sum + 1.0 / 60.0 })
    #expect(simulation.accumulatedTime == 0)
}

@Test func sixAvailableStepsRunFiveAndDropTheRest() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5))
    simulation.update(at: 0.1)
    #expect(simulation.cloud?.version == 6)
    #expect(simulation.accumulatedTime == 0)
    simulation.update(at: 0.1 + 0.5 / 60.0)
    #expect(simulation.cloud?.version == 6)
    #expect(simulation.accumulatedTime > 0)
}

@Test func nonFiniteAndBackwardTimesAdvanceNothing() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5))
    simulation.update(at: .nan)
    simulation.update(at: .infinity)
    #expect(simulation.currentTime == 0)
    #expect(simulation.state.lastUpdateTime == 0)
    simulation.update(at: 0.05)
    let time = simulation.currentTime
    #expect(time > 0)
    simulation.update(at: 0.01)
    #expect(simulation.currentTime == time)
}

@Test func burstStopsAfterItsDuration() throws {
    var config = ConfettiFixture.config(count: 3, duration: 0.1)
    config.lifecycle.fadeOutDuration = 0.05
    let simulation = try ConfettiFixture.started(config)
    for time in [0.05, 0.10, 0.15, 0.20] {
        simulation.update(at: time)
    }
    #expect(!simulation.state.isRunning)
    #expect(simulation.cloud == nil)
    #expect(simulation.renderStates.isEmpty)
}

@Test func burstStopsWhenTheWallClockRunsPastDurationPlusOne() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 3, duration: 2))
    simulation.update(at: 3.01)
    #expect(!simulation.state.isRunning)
}

@Test func continuousEmissionNeverStops() throws {
    let config = ConfettiFixture.config(count: 200, duration: 0.5, emission: .continuous)
    let simulation = try ConfettiFixture.started(config)
    var time = 0.0
    for _ in 0..<600 {
        time += 1.0 / 60.0
        simulation.update(at: time)
    }
    #expect(simulation.state.isPlaying)
    #expect(simulation.currentTime > 9)
    #expect(simulation.cloud?.aliveCount == 200)
    #expect(simulation.renderStates.count == 200)
    let ids = try #require(simulation.cloud?.traits.map(\.id))
    #expect(Set(ids).count == 200)
}

@Test func pauseFreezesAndResumeRestartsTheClock() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5))
    simulation.update(at: 0.1)
    let before = simulation.currentTime
    simulation.pause()
    #expect(simulation.state.isRunning && simulation.state.isPaused && !simulation.state.isPlaying)
    simulation.update(at: 0.2)
    #expect(simulation.currentTime == before)
    simulation.pause()
    #expect(simulation.state.isPaused)
    simulation.resume(at: 1.0)
    #expect(simulation.state.isPlaying)
    #expect(simulation.state.lastUpdateTime == 1.0)
    #expect(simulation.accumulatedTime == 0)
    simulation.update(at: 1.0 + 2.0 / 60.0)
    #expect(simulation.currentTime > before)
    simulation.resume(at: 5)
    #expect(simulation.state.lastUpdateTime == 1.0 + 2.0 / 60.0)
}

@Test func lifecycleCallsAreGuardedWhileStopped() throws {
    let simulation = try ConfettiSimulation(configuration: ConfettiFixture.config(count: 5), world: World())
    simulation.pause()
    simulation.resume(at: 1)
    simulation.seek(to: 1)
    simulation.update(at: 1)
    try simulation.advance(steps: 3)
    #expect(!simulation.state.isRunning)
    #expect(!simulation.state.isPaused)
    #expect(simulation.cloud == nil)
    #expect(simulation.currentTime == 0)
}

@Test func stopResetsEverything() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5))
    simulation.update(at: 0.1)
    simulation.stop()
    #expect(simulation.state == ConfettiSimulation.State())
    #expect(simulation.cloud == nil)
    #expect(simulation.canvasSize == nil)
    #expect(simulation.renderStates.isEmpty)
}

@Test(arguments: [0.0, 0.5, 1.0, 1.5, 2.0])
func seekEqualsReplay(target: Double) throws {
    for emission in [ConfettiEmission.burst, .continuous] {
        let config = ConfettiFixture.config(count: 50, emission: emission)
        let seeking = try ConfettiFixture.started(config, seed: 3)
        seeking.update(at: 0.2)
        seeking.seek(to: target)
        let replaying = try ConfettiFixture.started(config, seed: 3)
        try replaying.advance(steps: Int(target / config.physics.fixedDeltaTime))
        #expect(seeking.currentTime == replaying.currentTime)
        #expect(seeking.cloud?.states == replaying.cloud?.states)
        #expect(seeking.cloud?.traits == replaying.cloud?.traits)
        #expect(seeking.renderStates == replaying.renderStates)
    }
}

@Test func seekClampsAndResetsToTheInitialParticles() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 5, duration: 2))
    let initial = try #require(simulation.cloud?.states)
    simulation.seek(to: 10)
    #expect(simulation.currentTime == (0..<120).reduce(0.0) { sum, _ in sum + 1.0 / 60.0 })
    simulation.seek(to: -1)
    #expect(simulation.currentTime == 0)
    #expect(simulation.cloud?.states == initial)
    simulation.seek(to: .nan)
    #expect(simulation.currentTime == 0)
    #expect(simulation.accumulatedTime == 0)
}

@Test func terminalVelocityCapsOnlyTheFall() throws {
    var config = ConfettiFixture.config(count: 2, duration: 10)
    config.wind.forceRange = 0...0
    let simulation = try ConfettiFixture.started(config, canvas: SIMD2(10_000, 10_000))
    try simulation.withCloudForTesting { cloud in
        try cloud.setState(ConfettoState(position: SIMD2(5000, 5000), velocity: SIMD2(0, 0), rotation: .zero), at: 0)
        try cloud.setState(ConfettoState(position: SIMD2(5000, 5000), velocity: SIMD2(0, -100_000), rotation: .zero), at: 1)
    }
    try simulation.advance(steps: 1)
    let states = try #require(simulation.cloud?.states)
    #expect(states[0].velocity.y == Float(2500.0 / 60.0 * 0.88))
    #expect(states[1].velocity.y < -80_000)
    try simulation.advance(steps: 100)
    #expect(simulation.cloud?.states[0].velocity.y == 150)
}

/// The original's out-of-bounds table, plus the half-open max edge of `CGRect.contains`.
@Test(arguments: [
    (SIMD2<Float>(-100, 50), true), (SIMD2(200, 50), true), (SIMD2(50, 200), true),
    (SIMD2(-5, 50), false), (SIMD2(105, 50), false), (SIMD2(-10, 50), false), (SIMD2(50, 50), false),
    (SIMD2(110, 50), true), (SIMD2(50, 110), true), (SIMD2(50, -10), false),
])
func outOfBoundsRemovesTheParticle(position: SIMD2<Float>, removed: Bool) throws {
    var config = ConfettiFixture.config(count: 1, duration: 10)
    config.spawn.boundaryMargin = 10
    config.wind.forceRange = 0...0
    config.physics.gravity = 0
    let simulation = try ConfettiFixture.started(config, canvas: SIMD2(100, 100))
    try simulation.withCloudForTesting { cloud in
        try cloud.setState(ConfettoState(position: position, velocity: .zero, rotation: .zero), at: 0)
    }
    simulation.update(at: 1.0 / 60.0)
    #expect(simulation.cloud?.aliveCount == (removed ? 0 : 1))
}

@Test func fadeOutFollowsGlobalTime() throws {
    var config = ConfettiFixture.config(count: 1, duration: 2)
    config.lifecycle.fadeOutDuration = 1
    config.physics.gravity = 0
    config.wind.forceRange = 0...0
    config.spawn.speedRange = 1...2
    let simulation = try ConfettiFixture.started(config)
    simulation.seek(to: 0.5)
    #expect(simulation.cloud?.states[0].opacity == 1)
    simulation.seek(to: 1.5)
    let fading = try #require(simulation.cloud?.states[0].opacity)
    #expect(fading > 0 && fading < 1)
    simulation.seek(to: 2)
    #expect((simulation.cloud?.states.first?.opacity ?? 0) < 0.02)
    try simulation.advance(steps: 2)
    #expect(simulation.cloud?.aliveCount == 0)
}

@Test func badInputIsATypedError() throws {
    let simulation = try ConfettiSimulation(configuration: ConfettiFixture.config(count: 5), world: World())
    for canvas in [SIMD2<Double>(0, 600), SIMD2(300, -1), SIMD2(.nan, 600), SIMD2(300, .infinity)] {
        let error = #expect(throws: ConfettiError.self) { try simulation.start(canvasSize: canvas, seed: 1) }
        #expect(error?.code == .invalidArgument)
    }
    #expect(throws: ConfettiError.self) { try simulation.start(canvasSize: ConfettiFixture.canvas, seed: 1, at: .nan) }
    #expect(!simulation.state.isRunning)
    #expect(throws: ConfettiError.self) { try ConfettiSimulation(world: World(), threadCount: 0) }
    try simulation.start(canvasSize: ConfettiFixture.canvas, seed: 1)
    #expect(throws: ConfettiError.self) { try simulation.advance(steps: -1) }
    #expect(throws: ConfettiError.self) { try simulation.updateCanvasSize(SIMD2(0, 0)) }
    #expect(simulation.canvasSize == ConfettiFixture.canvas)
}
