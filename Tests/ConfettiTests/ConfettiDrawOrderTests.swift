import ECS
import Foundation
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// Draws one particle by hand in the documented order, independently of `ConfettiSpawner`.
private func handDrawn(
    _ config: ConfettiConfig, canvas: SIMD2<Double>, palette: [RGBAColor]?, generator: inout ConfettiLCG
) -> (ConfettoTraits, ConfettoState) {
    let angle = config.spawn.angleCenter + Double.random(in: -config.spawn.angleSpread ..< config.spawn.angleSpread, using: &generator)
    let speed = Double.random(in: config.spawn.speedRange, using: &generator)
    let base = Double.random(in: config.appearance.baseSizeRange, using: &generator)
    let width = base * Double.random(in: config.appearance.widthScaleRange, using: &generator)
    let height = base * Double.random(in: config.appearance.heightScaleRange, using: &generator)
    let color = palette.map { $0[Int.random(in: 0..<$0.count, using: &generator)] } ?? ConfettiFixture.red
    let spinX = Double.random(in: config.appearance.rotationXSpeedRange, using: &generator)
    let spinY = Double.random(in: config.appearance.rotationYSpeedRange, using: &generator)
    let wind = Double.random(in: config.wind.forceRange, using: &generator)
    let rotationX = Double.random(in: 0...(2 * .pi), using: &generator)
    let rotationY = Double.random(in: 0...(2 * .pi), using: &generator)
    return (
        ConfettoTraits(
            id: 0, size: SIMD2(Float(width), Float(height)), color: color,
            rotationSpeed: SIMD2(Float(spinX), Float(spinY)), windForce: Float(wind)
        ),
        ConfettoState(
            position: SIMD2(Float(canvas.x / 2), Float(canvas.y * config.spawn.originHeightRatio)),
            velocity: SIMD2(Float(cos(angle) * speed), Float(sin(angle) * speed)),
            rotation: SIMD2(Float(rotationX), Float(rotationY))
        )
    )
}

@Test(arguments: [false, true])
func spawnFollowsTheDrawOrder(defaultPalette: Bool) throws {
    let config = ConfettiFixture.config(count: 20)
    let simulation: ConfettiSimulation
    if defaultPalette {
        simulation = try ConfettiSimulation(configuration: config, world: World())
        try simulation.start(canvasSize: ConfettiFixture.canvas, seed: 12345)
    } else {
        simulation = try ConfettiFixture.started(config, seed: 12345)
    }
    var generator = ConfettiLCG(seed: 12345)
    let traits = try #require(simulation.cloud?.traits)
    let states = try #require(simulation.cloud?.states)
    for i in 0..<20 {
        var (expectedTraits, expectedState) = handDrawn(
            config, canvas: ConfettiFixture.canvas,
            palette: defaultPalette ? DefaultColorSource.defaultPalette : nil, generator: &generator
        )
        expectedTraits.id = traits[i].id
        #expect(traits[i] == expectedTraits)
        #expect(states[i] == expectedState)
    }
}

/// Values recorded from seed 1 (canvas 300×600, constant colour, default configuration) after
/// checking them against the draw order by hand (`spawnFollowsTheDrawOrder`).
@Test func recordedStreamGivesTheSameFirstParticles() throws {
    let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 3), seed: 1)
    let traits = try #require(simulation.cloud?.traits)
    let states = try #require(simulation.cloud?.states)
    let expectedTraits = [
        ConfettoTraits(
            id: 10_451_216_379_200_822_465, size: SIMD2(23.934967, 7.9209824), color: ConfettiFixture.red,
            rotationSpeed: SIMD2(2.5154643, 3.6129189), windForce: -56.06071
        ),
        ConfettoTraits(
            id: 13_757_245_211_066_428_519, size: SIMD2(17.160275, 13.734429), color: ConfettiFixture.red,
            rotationSpeed: SIMD2(4.1700096, 3.0883508), windForce: -134.62358
        ),
        ConfettoTraits(
            id: 17_911_839_290_282_890_590, size: SIMD2(17.960629, 10.174788), color: ConfettiFixture.red,
            rotationSpeed: SIMD2(2.0639877, 3.0023944), windForce: -135.15233
        ),
    ]
    let expectedStates = [
        ConfettoState(position: SIMD2(150, 360), velocity: SIMD2(440.73425, -3427.742), rotation: SIMD2(4.210133, 2.651039)),
        ConfettoState(position: SIMD2(150, 360), velocity: SIMD2(-498.4594, -3313.6162), rotation: SIMD2(2.8964787, 1.5945191)),
        ConfettoState(position: SIMD2(150, 360), velocity: SIMD2(-1783.6964, -2736.6055), rotation: SIMD2(5.8969817, 1.4113885)),
    ]
    #expect(traits == expectedTraits)
    #expect(states == expectedStates)
}

@Test func constantColorSourceDrawsNothing() {
    var generator = ConfettiLCG(seed: 9)
    let source = ConstantColorSource(color: ConfettiFixture.red)
    #expect(source.nextColor(using: &generator) == ConfettiFixture.red)
    #expect(generator == ConfettiLCG(seed: 9))
}

@Test func defaultColorSourceDrawsOneIndex() {
    var generator = ConfettiLCG(seed: 9)
    var reference = ConfettiLCG(seed: 9)
    var source = DefaultColorSource()
    let color = source.nextColor(using: &generator)
    #expect(color == DefaultColorSource.defaultPalette[Int.random(in: 0..<7, using: &reference)])
    #expect(generator == reference)
}

@Test func defaultPaletteHasTheSevenColours() {
    let palette = DefaultColorSource.defaultPalette
    #expect(palette.count == 7)
    #expect(palette[0] == RGBAColor(r: 1, g: 0.42, b: 0.42))
    #expect(palette[3] == RGBAColor(r: 0.35, g: 0.90, b: 0.45))
    #expect(palette[6] == RGBAColor(r: 1, g: 0.32, b: 0.78))
    #expect(palette.allSatisfy { $0.a == 1 })
}

@Test func emptyPaletteFallsBackToTheDefault() {
    #expect(DefaultColorSource(palette: []).palette == DefaultColorSource.defaultPalette)
    let custom = [RGBAColor(r: 0, g: 0, b: 1)]
    #expect(DefaultColorSource(palette: custom).palette == custom)
}

@Test func identifiersAreDeterministicAndDistinct() throws {
    let first = try ConfettiFixture.started(ConfettiFixture.config(count: 1000), seed: 7)
    let second = try ConfettiFixture.started(ConfettiFixture.config(count: 1000), seed: 7)
    let other = try ConfettiFixture.started(ConfettiFixture.config(count: 1000), seed: 8)
    let ids = try #require(first.cloud?.traits.map(\.id))
    #expect(ids == second.cloud?.traits.map(\.id))
    #expect(ids != other.cloud?.traits.map(\.id))
    #expect(Set(ids).count == ids.count)
}
