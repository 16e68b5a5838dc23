import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

private func particle(_ id: UInt64, opacity: Float) -> (ConfettoTraits, ConfettoState) {
    (
        ConfettoTraits(id: id, size: SIMD2(1, 2), color: ConfettiFixture.red, rotationSpeed: .zero, windForce: 0),
        ConfettoState(position: SIMD2(Float(id), 0), velocity: .zero, rotation: .zero, opacity: opacity)
    )
}

@Test func cloudKeepsTheInvariants() throws {
    let particles = (0..<10).map { particle(UInt64($0), opacity: 1) }
    let cloud = try ConfettiCloud(world: World(), traits: particles.map(\.0), states: particles.map(\.1))
    #expect(cloud.aliveCount == 10)
    #expect(cloud.count == 10)
    #expect(cloud.version == 0)
    #expect(cloud.traits == particles.map(\.0))
    #expect(cloud.traits[3].width == 1 && cloud.traits[3].height == 2)
    #expect(cloud.states == particles.map(\.1))
    #expect(ConfettiFixture.invariantsHold(cloud))
}

@Test func cloudRejectsMismatchedCounts() {
    let (traits, state) = particle(1, opacity: 1)
    let error = #expect(throws: ConfettiError.self) { try ConfettiCloud(world: World(), traits: [traits, traits], states: [state]) }
    #expect(error?.code == .invalidArgument)
}

@Test func compactIsStableAndKeepsOnlyVisibleParticles() throws {
    let opacities: [Float] = [1, 0, 0.5, 0, 0, 1, 0.1, 0]
    let particles = opacities.enumerated().map { particle(UInt64($0.offset), opacity: $0.element) }
    let cloud = try ConfettiCloud(world: World(), traits: particles.map(\.0), states: particles.map(\.1))
    cloud.compact()
    #expect(cloud.aliveCount == 4)
    #expect(cloud.traits.map(\.id) == [0, 2, 5, 6])
    #expect(cloud.states.map(\.position.x) == [0, 2, 5, 6])
    #expect(cloud.version == 0)
    #expect(ConfettiFixture.invariantsHold(cloud))
    cloud.incrementVersion()
    #expect(cloud.version == 1)
}

@Test func setStateChecksTheRow() throws {
    let particles = (0..<3).map { particle(UInt64($0), opacity: 1) }
    let cloud = try ConfettiCloud(world: World(), traits: particles.map(\.0), states: particles.map(\.1))
    let moved = ConfettoState(position: SIMD2(9, 9), velocity: SIMD2(1, 1), rotation: .zero)
    try cloud.setState(moved, at: 2)
    #expect(cloud.states[2] == moved)
    #expect(throws: ConfettiError.self) { try cloud.setState(moved, at: 3) }
    #expect(throws: ConfettiError.self) { try cloud.setState(moved, at: -1) }
}
