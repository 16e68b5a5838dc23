import Foundation
import Testing
@testable import Confetti
@testable import Platform
@testable import Render

/// Confetti render states drawn on a canvas: the same bits on any thread count, band height and
/// instruction set, clearing inside the draw, and bad thread counts refused.
@Suite("Confetti drawn on a canvas")
struct ConfettiCanvasDrawTests {
    /// `count` render states around a `width` x `height` canvas: rotated, some off its edges,
    /// some opaque, every 97th with a non-finite rotation (skipped by the draw).
    static func states(count: Int, width: Int, height: Int, seed: UInt64) -> [ParticleRenderState] {
        var random = SplitMix64(seed: seed)
        func value(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &random) }
        return (0..<count).map { (index: Int) -> ParticleRenderState in
            let center = SIMD2<Float>(value(-20...Float(width) + 20), value(-20...Float(height) + 20))
            let size = SIMD2<Float>(value(0...40), value(1...30))
            var color = RGBAColor(r: value(0...1), g: value(0...1), b: value(0...1), a: value(0...1))
            if index % 11 == 0 { color.a = 1 }
            let opacity: Float = index % 5 == 0 ? 1 : value(0...1)
            let rotation: Float = index % 97 == 0 ? .nan : value(-4...4)
            return ParticleRenderState(
                id: UInt64(index), center: center, size: size, color: color, opacity: opacity, zRotation: rotation)
        }
    }

    @Test("confetti drawn on 1, 2 and 3 threads has the same bits")
    func confettiOnThreads() throws {
        var configuration = ConfettiConfig.celebration
        configuration.lifecycle.particleCount = 5000
        configuration.lifecycle.emission = .continuous
        let simulation = try ConfettiSimulation(configuration: configuration, world: World())
        try simulation.start(canvasSize: SIMD2(301, 211), seed: 12345)
        try simulation.advance(steps: 40)
        let states = simulation.renderStates
        #expect(states.count == 5000)
        var reference = try RGBA8Canvas(width: 301, height: 211)
        let referenceDrawn = reference.drawParticles(states)
        #expect(referenceDrawn == states.count)
        for (threads, rowsPerBand) in [(2, 32), (3, 9), (2, 1)] {
            var canvas = try RGBA8Canvas(width: 301, height: 211)
            #expect(canvas.drawParticles(states, onThreads: threads, rowsPerBand: rowsPerBand) == referenceDrawn)
            #expect(canvas.storage == reference.storage, "\(threads) threads, bands of \(rowsPerBand) rows")
        }
        var public2 = try RGBA8Canvas(width: 301, height: 211)
        #expect(try public2.drawParticles(states, threads: 2) == referenceDrawn)
        #expect(public2.storage == reference.storage)
    }

    @Test("every instruction set a simulation and a canvas are given yields the same states and pixels")
    func confettiOnEveryInstructionSet() throws {
        var configuration = ConfettiConfig.celebration
        configuration.lifecycle.particleCount = 3000
        configuration.lifecycle.emission = .continuous
        var frames: [(KernelInstructionSet, [ParticleRenderState], [UInt32])] = []
        for set in KernelInstructionSet.allCases where set.isSupported {
            let simulation = try ConfettiSimulation(configuration: configuration, world: World(), threadCount: 2, kernels: set)
            #expect(simulation.kernels == set)
            try simulation.start(canvasSize: SIMD2(257, 193), seed: 99)
            try simulation.advance(steps: 30)
            var canvas = try RGBA8Canvas(width: 257, height: 193, kernels: set)
            #expect(canvas.kernels == set)
            canvas.drawParticles(simulation.renderStates)
            frames.append((set, simulation.renderStates, canvas.storage))
        }
        #expect(frames.first?.0 == .portable)
        for (set, states, pixels) in frames.dropFirst() {
            #expect(states == frames[0].1, "\(set) states")
            #expect(pixels == frames[0].2, "\(set) pixels")
        }
    }

    @Test("clearing in the draw equals clearing first, on any thread count, with or without particles")
    func clearingInTheDraw() throws {
        let background = RGBAColor(r: 0.08, g: 0.08, b: 0.12)
        let states = Self.states(count: 500, width: 71, height: 45, seed: 9)
        for drawn in [states, []] {
            var expected = try RGBA8Canvas(width: 71, height: 45)
            expected.drawParticles(states)
            expected.clear(background)
            expected.drawParticles(drawn)
            for (threads, rowsPerBand) in [(1, 32), (2, 4), (3, 1)] {
                var canvas = try RGBA8Canvas(width: 71, height: 45)
                canvas.drawParticles(states)
                #expect(canvas.drawParticles(drawn, onThreads: threads, rowsPerBand: rowsPerBand, clearingTo: background)
                    == drawn.count - drawn.count { !$0.zRotation.isFinite })
                #expect(canvas.storage == expected.storage, "\(drawn.count) states on \(threads) threads")
            }
        }
    }

    @Test("a thread count below 1 is rejected with a typed error and draws nothing")
    func badThreadCount() throws {
        let diagnostics = RenderDiagnostics()
        var canvas = try RGBA8Canvas(width: 20, height: 20, diagnostics: diagnostics)
        let state = ParticleRenderState(
            id: 1, center: SIMD2(10, 10), size: SIMD2(8, 8), color: RGBAColor(r: 1, g: 0, b: 0), opacity: 1,
            zRotation: 0)
        for threads in [0, -3] {
            #expect(throws: RenderError(.invalidArgument, "thread count must be at least 1 (got \(threads))")) {
                try canvas.drawParticles([state], threads: threads)
            }
        }
        #expect(throws: RenderError.self) {
            try canvas.drawParticles([state], threads: 0, clearingTo: RGBAColor(r: 1, g: 1, b: 1))
        }
        #expect(canvas.storage.allSatisfy { $0 == 0 })
        #expect(diagnostics.lastError?.code == .invalidArgument)
    }
}
