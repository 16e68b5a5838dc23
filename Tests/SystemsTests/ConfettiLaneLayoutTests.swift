import Testing
@testable import Systems

@Test func renderStateKeepsTheStoredPairsAdjacent() {
    #expect(MemoryLayout<ParticleRenderState>.offset(of: \.size) == ParticleRenderState.centerOffset + MemoryLayout<SIMD2<Float>>.size)
    #expect(MemoryLayout<ParticleRenderState>.offset(of: \.zRotation) == ParticleRenderState.opacityOffset + MemoryLayout<Float>.size)
}

@Test func interleavedLanesLieAsFloatPairs() {
    let packed = PairLanes.interleaved(x: SIMD4(1, -2, 3.5, .infinity), y: SIMD4(5, 6, -0.0, 8))
    let pairs = (0..<4).map { SIMD2(packed[2 * $0], packed[2 * $0 + 1]) }
    #expect(pairs == [SIMD2(1, 5), SIMD2(-2, 6), SIMD2(3.5, -0.0), SIMD2(.infinity, 8)])
    #expect(pairs[2].y.sign == .minus)
}
