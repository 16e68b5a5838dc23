import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

@Test func celebrationIsTheDefault() {
    let config = ConfettiConfig.celebration
    #expect(config == ConfettiConfig())
    #expect(config.lifecycle.particleCount == 150)
    #expect(config.lifecycle.duration == 3.0)
    #expect(config.lifecycle.fadeOutDuration == 1.0)
    #expect(config.lifecycle.emission == .burst)
    #expect(config.physics.gravity == 2500)
    #expect(config.physics.drag == 0.88)
    #expect(config.physics.terminalVelocity == 150)
    #expect(config.physics.fixedDeltaTime == 1.0 / 60.0)
    #expect(config.spawn.boundaryMargin == 150)
    #expect(config.spawn.originHeightRatio == 0.6)
    #expect(config.spawn.speedRange == 1800...4000)
    #expect(config.spawn.angleCenter == -Double.pi / 2)
    #expect(config.spawn.angleSpread == Double.pi / 3)
    #expect(config.appearance.baseSizeRange == 8...16)
    #expect(config.appearance.widthScaleRange == 0.5...2.0)
    #expect(config.appearance.heightScaleRange == 0.4...1.2)
    #expect(config.appearance.rotationXSpeedRange == 2...6)
    #expect(config.appearance.rotationYSpeedRange == 1.5...5)
    #expect(config.wind.forceRange == -150...150)
    #expect(config.wind.timeScale == 3.0)
    #expect(config.wind.particlePhaseScale == 0.3)
}

@Test func subtlePreset() {
    var expected = ConfettiConfig()
    expected.lifecycle.particleCount = 50
    expected.lifecycle.duration = 4
    expected.physics.gravity = 1200
    expected.physics.drag = 0.92
    expected.spawn.speedRange = 800...1500
    expected.appearance.baseSizeRange = 6...12
    expected.appearance.rotationXSpeedRange = 1...3
    expected.appearance.rotationYSpeedRange = 0.8...2.5
    expected.wind.forceRange = -50...50
    #expect(ConfettiConfig.subtle == expected)
}

@Test func explosionPreset() {
    var expected = ConfettiConfig()
    expected.lifecycle.particleCount = 300
    expected.lifecycle.duration = 4
    expected.physics.gravity = 3000
    expected.physics.drag = 0.85
    expected.spawn.speedRange = 2500...5000
    expected.spawn.angleSpread = .pi / 2.5
    expected.appearance.baseSizeRange = 10...20
    expected.appearance.rotationXSpeedRange = 3...8
    expected.appearance.rotationYSpeedRange = 2...6
    expected.wind.forceRange = -200...200
    #expect(ConfettiConfig.explosion == expected)
}

@Test func snowfallPreset() {
    var expected = ConfettiConfig()
    expected.lifecycle.particleCount = 80
    expected.lifecycle.duration = 6
    expected.physics.gravity = 400
    expected.physics.drag = 0.98
    expected.physics.terminalVelocity = 80
    expected.spawn.originHeightRatio = 0
    expected.spawn.speedRange = 100...300
    expected.spawn.angleCenter = .pi / 2
    expected.spawn.angleSpread = .pi / 6
    expected.appearance.baseSizeRange = 8...14
    expected.appearance.rotationXSpeedRange = 0.5...2
    expected.appearance.rotationYSpeedRange = 0.3...1.5
    expected.wind.forceRange = -100...100
    expected.wind.timeScale = 2
    #expect(ConfettiConfig.snowfall == expected)
}

@Test func validatedClampsAsTheOriginal() {
    var config = ConfettiConfig()
    config.lifecycle.particleCount = -5
    config.lifecycle.duration = 0.01
    config.lifecycle.fadeOutDuration = 7
    config.physics.fixedDeltaTime = 1e-5
    config.physics.drag = 1.5
    config.spawn.boundaryMargin = -3
    let validated = config.validated()
    #expect(validated.lifecycle.particleCount == 0)
    #expect(validated.lifecycle.duration == 0.1)
    #expect(validated.lifecycle.fadeOutDuration == 0.1)
    #expect(validated.physics.fixedDeltaTime == 1.0 / 240.0)
    #expect(validated.physics.drag == 1)
    #expect(validated.spawn.boundaryMargin == 0)

    config.physics.drag = -0.5
    config.lifecycle.fadeOutDuration = -1
    #expect(config.validated().physics.drag == 0)
    #expect(config.validated().lifecycle.fadeOutDuration == 0)
}

@Test func validatedKeepsValidValues() {
    for preset in [ConfettiConfig.celebration, .subtle, .explosion, .snowfall] {
        #expect(preset.validated() == preset)
    }
}

@Test(arguments: [Double.nan, .infinity, -.infinity])
func checkedRejectsNonFiniteValues(_ bad: Double) {
    var config = ConfettiConfig()
    config.physics.gravity = bad
    #expect(throws: ConfettiError.self) { try config.checked() }
    config = ConfettiConfig()
    config.lifecycle.duration = bad
    #expect(throws: ConfettiError.self) { try config.checked() }
    config = ConfettiConfig()
    config.wind.timeScale = bad
    #expect(throws: ConfettiError.self) { try ConfettiSimulation(configuration: config, world: World()) }
}

@Test func checkedRejectsUnrunnableRanges() throws {
    var config = ConfettiConfig()
    config.spawn.angleSpread = 0
    let error = #expect(throws: ConfettiError.self) { try config.checked() }
    #expect(error?.code == .invalidArgument)
    #expect(error?.message.contains("angleSpread") == true)
    config.spawn.angleSpread = -1
    #expect(throws: ConfettiError.self) { try config.checked() }
    config = ConfettiConfig()
    config.spawn.speedRange = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    #expect(throws: ConfettiError.self) { try config.checked() }
}

@Test func checkedClampsNegativeCounts() throws {
    var config = ConfettiConfig()
    config.lifecycle.particleCount = -10
    #expect(try config.checked().lifecycle.particleCount == 0)
    let simulation = try ConfettiSimulation(configuration: config, world: World())
    try simulation.start(canvasSize: ConfettiFixture.canvas, seed: 1)
    #expect(simulation.cloud?.aliveCount == 0)
}

/// A duration beyond the cap used to reach `Int(target / dt)` in `seek(to:)`, which traps for
/// a step count beyond `Int`'s range (and replays for ever below it).
@Test(arguments: [3_600.5, 1e300, .greatestFiniteMagnitude])
func checkedRejectsADurationBeyondTheCap(_ duration: Double) {
    var config = ConfettiConfig()
    config.lifecycle.duration = duration
    #expect(throws: ConfettiError(.invalidArgument, "lifecycle.duration must be at most 3600 s, got \(duration)")) {
        try ConfettiSimulation(configuration: config, world: World())
    }
}

/// The longest accepted burst seeks to its end.
@Test func theLongestBurstSeeksToItsEnd() throws {
    var config = ConfettiConfig()
    config.lifecycle.duration = ConfettiConfig.maxDuration
    config.lifecycle.particleCount = 1
    config.physics.fixedDeltaTime = 1
    let simulation = try ConfettiSimulation(configuration: config, world: World())
    try simulation.start(canvasSize: SIMD2(100, 100), seed: 1)
    simulation.seek(to: .greatestFiniteMagnitude)
    #expect(simulation.currentTime == ConfettiConfig.maxDuration)
}

/// A particle count whose buffers cannot be allocated used to trap in `reserveCapacity`.
@Test func checkedRejectsAParticleCountBeyondTheCap() {
    var config = ConfettiConfig()
    config.lifecycle.particleCount = .max
    #expect(throws: ConfettiError(.invalidArgument, "lifecycle.particleCount must be at most 50000000, got \(Int.max)")) {
        try ConfettiSimulation(configuration: config, world: World())
    }
}
