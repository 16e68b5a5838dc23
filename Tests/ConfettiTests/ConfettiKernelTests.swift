import SIMDKernels
import Foundation
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// Random columns of `count` particle rows and the buffers the kernels write.
private struct KernelRows {
    var position: [ConfettoPosition]
    var velocity: [ConfettoVelocity]
    var rotation: [ConfettoRotation]
    var opacity: [ConfettoOpacity]
    var spin: [ConfettoSpin]
    var windForce: [ConfettoWindForce]
    var size: [ConfettoSize]
    var phaseCos: [Float]
    var phaseSin: [Float]

    /// Values around a 400×300 canvas, some outside it, some fast enough to hit the caps.
    init(count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func pair(_ range: ClosedRange<Float>) -> SIMD2<Float> {
            SIMD2(Float.random(in: range, using: &random), Float.random(in: range, using: &random))
        }
        position = (0..<count).map { _ in ConfettoPosition(pair(-60...460)) }
        velocity = (0..<count).map { _ in ConfettoVelocity(pair(-400...400)) }
        rotation = (0..<count).map { _ in ConfettoRotation(pair(-50...50)) }
        opacity = (0..<count).map { _ in ConfettoOpacity(Float.random(in: 0...1, using: &random)) }
        spin = (0..<count).map { _ in ConfettoSpin(pair(-5...5)) }
        windForce = (0..<count).map { _ in ConfettoWindForce(Float.random(in: -200...200, using: &random)) }
        size = (0..<count).map { _ in ConfettoSize(pair(2...20)) }
        phaseCos = (0..<count).map { _ in Float.random(in: -1...1, using: &random) }
        phaseSin = (0..<count).map { _ in Float.random(in: -1...1, using: &random) }
    }

    /// Calls `body` with the state columns of `rows` and their wind phases, as the kernels take them.
    mutating func withStateColumns<Result>(
        _ rows: Range<Int>,
        _ body: (ConfettiStateColumns, UnsafePointer<Float>, UnsafePointer<Float>) -> Result
    ) -> Result {
        spin.withUnsafeBufferPointer { spin in
            windForce.withUnsafeBufferPointer { windForce in
                phaseCos.withUnsafeBufferPointer { phaseCos in
                    phaseSin.withUnsafeBufferPointer { phaseSin in
                        position.withUnsafeMutableBufferPointer { position in
                            velocity.withUnsafeMutableBufferPointer { velocity in
                                rotation.withUnsafeMutableBufferPointer { rotation in
                                    opacity.withUnsafeMutableBufferPointer { opacity in
                                        let columns = ConfettiStateColumns(
                                            position: position.baseAddress!, velocity: velocity.baseAddress!,
                                            rotation: rotation.baseAddress!, opacity: opacity.baseAddress!,
                                            spin: spin.baseAddress!, windForce: windForce.baseAddress!
                                        ).advanced(by: rows.lowerBound)
                                        return body(
                                            columns, phaseCos.baseAddress! + rows.lowerBound,
                                            phaseSin.baseAddress! + rows.lowerBound
                                        )
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Steps `rows` with `constants` on `set` and returns the dead count.
    mutating func step(
        _ rows: Range<Int>, _ constants: ConfettiStepConstants, on set: KernelInstructionSet
    ) -> Int {
        var constants = constants
        return withStateColumns(rows) { columns, phaseCos, phaseSin in
            confetti_step_rows(set.kernelISA, columns.kernelColumns, rows.count, phaseCos, phaseSin, &constants)
        }
    }

    /// Steps `rows` with `constants` on `set` and writes their render states into `output` in
    /// the same pass (identifiers and colours untouched); returns the dead count.
    mutating func stepRendering(
        _ rows: Range<Int>, _ constants: ConfettiStepConstants, into output: inout [ParticleRenderState],
        on set: KernelInstructionSet
    ) -> Int {
        var constants = constants
        let size = self.size
        return size.withUnsafeBufferPointer { size in
            output.withUnsafeMutableBufferPointer { output in
                withStateColumns(rows) { columns, phaseCos, phaseSin in
                    confetti_step_render_rows(
                        set.kernelISA, columns.kernelColumns,
                        UnsafeRawPointer(size.baseAddress! + rows.lowerBound).assumingMemoryBound(to: Float.self),
                        rows.count, phaseCos, phaseSin, &constants,
                        UnsafeMutableRawPointer(output.baseAddress! + rows.lowerBound)
                    )
                }
            }
        }
    }

    /// Render states of `rows` written into `output` on `set` (identifiers and colours untouched).
    func render(_ rows: Range<Int>, into output: inout [ParticleRenderState], on set: KernelInstructionSet) {
        output.withUnsafeMutableBufferPointer { output in
            withRenderKernel(from: 0, on: set) { $0.run(rows: rows, output: output.baseAddress!, copyTraits: false) }
        }
    }

    /// Render states of the listed rows, identifiers (the row numbers) and colours included,
    /// written into `output` by a kernel lent the chunk of rows from `first` on.
    func render(listed: [Int], first: Int, into output: inout [ParticleRenderState], on set: KernelInstructionSet) {
        listed.withUnsafeBufferPointer { listed in
            output.withUnsafeMutableBufferPointer { output in
                withRenderKernel(from: first, on: set) {
                    $0.run(listedRows: listed, first: first, output: output.baseAddress! + first)
                }
            }
        }
    }

    /// Calls `body` with a render kernel on `set` over the columns from row `first` on, whose
    /// identifiers are the row numbers and whose colours differ from row to row.
    private func withRenderKernel(from first: Int, on set: KernelInstructionSet, _ body: (ConfettiRenderKernel) -> Void) {
        let ids = (0..<size.count).map { ConfettoID(UInt64($0)) }
        let colors = (0..<size.count).map { ConfettoColor(RGBAColor(r: Float($0), g: 1, b: 2, a: 3)) }
        ids.withUnsafeBufferPointer { ids in
            colors.withUnsafeBufferPointer { colors in
                size.withUnsafeBufferPointer { size in
                    position.withUnsafeBufferPointer { position in
                        rotation.withUnsafeBufferPointer { rotation in
                            opacity.withUnsafeBufferPointer { opacity in
                                body(ConfettiRenderKernel(
                                    id: ids.baseAddress! + first, size: size.baseAddress! + first,
                                    color: colors.baseAddress! + first, position: position.baseAddress! + first,
                                    rotation: rotation.baseAddress! + first, opacity: opacity.baseAddress! + first,
                                    instructionSet: set
                                ))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every state value as bits, for exact comparison.
    var stateBits: [UInt32] {
        (0..<position.count).flatMap { row in
            [position[row].value.x, position[row].value.y, velocity[row].value.x, velocity[row].value.y,
             rotation[row].value.x, rotation[row].value.y, opacity[row].value].map(\.bitPattern)
        }
    }
}

/// Step constants of a 400×300 canvas with a margin of 20.
private func constants(fading: Bool) -> ConfettiStepConstants {
    ConfettiStepConstants(
        deltaTime: 1.0 / 60, gravityImpulse: 2500.0 / 60, drag: 0.88, terminalVelocity: 150,
        boundsMinX: -20, boundsMinY: -20, boundsMaxX: 420, boundsMaxY: 320,
        windBaseSin: 0.6, windBaseCos: -0.8, fadeOpacity: fading ? 0.25 : 1, isFading: fading ? 1 : 0
    )
}

/// The step of one row written out in scalar `Float`, in the order of ``ConfettiStepKernel``.
private func referenceStep(_ rows: inout KernelRows, row: Int, _ k: ConfettiStepConstants) {
    let dt = k.deltaTime
    let w = (k.windBaseSin * rows.phaseCos[row] + k.windBaseCos * rows.phaseSin[row]) * rows.windForce[row].value
    var vx = rows.velocity[row].value.x
    var vy = rows.velocity[row].value.y + k.gravityImpulse
    vx += w * dt
    vx *= k.drag
    vy *= k.drag
    if vy > k.terminalVelocity { vy = k.terminalVelocity }
    let p = rows.position[row].value + SIMD2(vx * dt, vy * dt)
    let inside = p.x >= k.boundsMinX && p.x < k.boundsMaxX && p.y >= k.boundsMinY && p.y < k.boundsMaxY
    let fallBoost = max(0, abs(vy) - 10)
    let spin = rows.spin[row].value
    let speed = SIMD2(
        spin.x + vy * 0.01 + w * 0.05 + fallBoost * 0.0005,
        spin.y + vx * 0.008 + w * 0.03 + fallBoost * 0.0003
    )
    rows.velocity[row].value = SIMD2(vx, vy)
    rows.position[row].value = p
    rows.rotation[row].value += speed * dt
    let kept = k.isFading != 0 ? k.fadeOpacity : rows.opacity[row].value
    rows.opacity[row].value = inside ? kept : 0
}

/// The supported instruction sets other than the portable one, which each must match.
private let vectorSets = KernelInstructionSet.allCases.filter { $0 != .portable && $0.isSupported }

@Test(arguments: KernelInstructionSet.allCases.filter(\.isSupported), [false, true])
func stepKernelEqualsTheScalarFormulas(set: KernelInstructionSet, fading: Bool) {
    let k = constants(fading: fading)
    var kernel = KernelRows(count: 1_003, seed: 9)
    var reference = kernel
    let dead = kernel.step(0..<1_003, k, on: set)
    for row in 0..<1_003 { referenceStep(&reference, row: row, k) }
    #expect(kernel.stateBits == reference.stateBits)
    #expect(dead == reference.opacity.count { !($0.value > 0) })
    #expect(dead > 0 && dead < 1_003)
}

@Test(.enabled(if: !vectorSets.isEmpty), arguments: [0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 1_003])
func instructionSetsGiveTheSameBits(count: Int) {
    for fading in [false, true] {
        var portable = KernelRows(count: count, seed: UInt64(count))
        let portableDead = portable.step(0..<count, constants(fading: fading), on: .portable)
        var portableStates = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: count)
        portable.render(0..<count, into: &portableStates, on: .portable)
        for set in vectorSets {
            var vector = KernelRows(count: count, seed: UInt64(count))
            #expect(vector.step(0..<count, constants(fading: fading), on: set) == portableDead, "\(set)")
            #expect(vector.stateBits == portable.stateBits, "\(set)")
            var vectorStates = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: count)
            vector.render(0..<count, into: &vectorStates, on: set)
            #expect(vectorStates == portableStates, "\(set)")
        }
    }
}

@Test(arguments: KernelInstructionSet.allCases.filter(\.isSupported))
func splittingRowsDoesNotChangeTheBits(set: KernelInstructionSet) {
    var whole = KernelRows(count: 37, seed: 4)
    var split = whole
    let dead = whole.step(0..<37, constants(fading: false), on: set)
    let splitDead = [0..<1, 1..<4, 4..<13, 13..<14, 14..<37].map { split.step($0, constants(fading: false), on: set) }
    #expect(splitDead.reduce(0, +) == dead)
    #expect(whole.stateBits == split.stateBits)
    var wholeStates = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: 37)
    var splitStates = wholeStates
    whole.render(0..<37, into: &wholeStates, on: set)
    for rows in [0..<5, 5..<6, 6..<30, 30..<37] { split.render(rows, into: &splitStates, on: set) }
    #expect(wholeStates == splitStates)
}

@Test(arguments: KernelInstructionSet.allCases.filter(\.isSupported), [0, 1, 3, 8, 9, 17, 1_003])
func fusedStepAndRenderGiveTheBitsOfTheSeparatePasses(set: KernelInstructionSet, count: Int) {
    for fading in [false, true] {
        var separate = KernelRows(count: count, seed: UInt64(count) + 11)
        var fused = separate
        var split = separate
        var separateStates = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: count)
        var fusedStates = separateStates
        var splitStates = separateStates
        let dead = separate.step(0..<count, constants(fading: fading), on: set)
        separate.render(0..<count, into: &separateStates, on: set)
        #expect(fused.stepRendering(0..<count, constants(fading: fading), into: &fusedStates, on: set) == dead)
        #expect(fused.stateBits == separate.stateBits)
        #expect(fusedStates == separateStates)
        let cut = count / 3
        let splitDead = [0..<cut, cut..<count].map {
            split.stepRendering($0, constants(fading: fading), into: &splitStates, on: set)
        }
        #expect(splitDead.reduce(0, +) == dead)
        #expect(split.stateBits == separate.stateBits)
        #expect(splitStates == separateStates)
        if set != .portable {
            var portable = KernelRows(count: count, seed: UInt64(count) + 11)
            var portableStates = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: count)
            #expect(portable.stepRendering(0..<count, constants(fading: fading), into: &portableStates, on: .portable) == dead)
            #expect(portable.stateBits == fused.stateBits)
            #expect(portableStates == fusedStates)
        }
    }
}

@Test(arguments: KernelInstructionSet.allCases.filter(\.isSupported), [0, 1, 7, 8, 9, 17, 203])
func listedRowsRenderAsTheirRowsDoAndCopyTheirTraits(set: KernelInstructionSet, count: Int) {
    let total = 211, first = 3
    let rows = KernelRows(count: total, seed: UInt64(count) + 29)
    var whole = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: total)
    rows.render(0..<total, into: &whole, on: set)
    // `count` distinct rows of the chunk from `first` on, in no order.
    var random = SplitMix64(seed: UInt64(count))
    let listed = Array((first..<total).shuffled(using: &random).prefix(count))
    var states = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: total)
    rows.render(listed: listed, first: first, into: &states, on: set)
    let listedRows = Set(listed)
    for row in 0..<total {
        var expected = ConfettiRenderTestValue.blank
        if listedRows.contains(row) {
            expected = whole[row]
            expected.id = UInt64(row)
            expected.color = RGBAColor(r: Float(row), g: 1, b: 2, a: 3)
        }
        #expect(states[row] == expected, "row \(row)")
    }
}

/// Largest absolute errors of the render mapping's `sin(x)·0.3` (z-rotation), `0.7 + 0.3·|cos x|`
/// (opacity factor at opacity 1) and `0.5 + 0.5·|cos y|` (drawn size of a unit size) against
/// Foundation, over `count` angles in `-limit...limit`.
private func renderErrors(limit: Float, count: Int, on set: KernelInstructionSet) -> (zRotation: Double, opacity: Double, depth: Double) {
    var rows = KernelRows(count: count, seed: 1)
    for row in 0..<count {
        let x = -limit + 2 * limit * Float(row) / Float(count - 1)
        rows.rotation[row] = ConfettoRotation(SIMD2(x, row % 2 == 0 ? x.nextUp : -x))
        rows.opacity[row] = ConfettoOpacity(1)
        rows.size[row] = ConfettoSize(SIMD2(1, 1))
    }
    var states = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: count)
    rows.render(0..<count, into: &states, on: set)
    var worst = (zRotation: 0.0, opacity: 0.0, depth: 0.0)
    for (row, state) in states.enumerated() {
        let x = Double(rows.rotation[row].value.x), y = Double(rows.rotation[row].value.y)
        worst.zRotation = max(worst.zRotation, abs(Double(state.zRotation) - sin(x) * 0.3))
        worst.opacity = max(worst.opacity, abs(Double(state.opacity) - min(1, 0.7 + 0.3 * abs(cos(x)))))
        worst.depth = max(worst.depth, abs(Double(state.size.x) - (0.5 + 0.5 * abs(cos(y)))))
        #expect(state.size.x == state.size.y)
        #expect(state.center == rows.position[row].value)
    }
    return worst
}

/// The trigonometry's absolute error is below `2.5e-7` for `|x| <= 100`; scaled by the
/// mapping's factors (0.3, 0.3, 0.5) plus the rounding of the final `Float` operations.
@Test(arguments: KernelInstructionSet.allCases.filter(\.isSupported))
func renderMappingMatchesFoundation(set: KernelInstructionSet) {
    let near = renderErrors(limit: 100, count: 200_000, on: set)
    #expect(near.zRotation < 1e-7)
    #expect(near.opacity < 1.5e-7)
    #expect(near.depth < 2e-7)
    let far = renderErrors(limit: 10_000, count: 200_000, on: set)
    #expect(far.zRotation < 3.5e-7)
    #expect(far.opacity < 3.5e-7)
    #expect(far.depth < 6e-7)
}

@Test(arguments: KernelInstructionSet.allCases.filter(\.isSupported))
func renderMappingIsExactAtZeroAndClampsTheOpacity(set: KernelInstructionSet) {
    var rows = KernelRows(count: 3, seed: 2)
    for row in 0..<3 {
        rows.rotation[row] = ConfettoRotation(.zero)
        rows.size[row] = ConfettoSize(SIMD2(4, 6))
    }
    rows.opacity = [ConfettoOpacity(0.5), ConfettoOpacity(2), ConfettoOpacity(-1)]
    var states = [ParticleRenderState](repeating: ConfettiRenderTestValue.blank, count: 3)
    rows.render(0..<3, into: &states, on: set)
    #expect(states.map(\.zRotation) == [0, 0, 0])
    #expect(states.map(\.size) == Array(repeating: SIMD2(4, 6), count: 3))
    #expect(states.map(\.opacity) == [0.5, 1, 0])
}

/// The render kernel writes `ParticleRenderState` values through its C twin.
@Test func renderStateHasTheLayoutOfTheKernelsRecord() {
    typealias State = MemoryLayout<ParticleRenderState>
    typealias Record = MemoryLayout<ConfettiRenderRecord>
    #expect(State.size == Record.size && State.stride == Record.stride && State.alignment == Record.alignment)
    #expect(State.offset(of: \.id) == Record.offset(of: \.id))
    #expect(State.offset(of: \.color) == Record.offset(of: \.color))
    #expect(State.offset(of: \.center) == Record.offset(of: \.center))
    #expect(State.offset(of: \.size) == Record.offset(of: \.size))
    #expect(State.offset(of: \.opacity) == Record.offset(of: \.opacity))
    #expect(State.offset(of: \.zRotation) == Record.offset(of: \.zRotation))
    #expect(MemoryLayout<RGBAColor>.size == MemoryLayout<(Float, Float, Float, Float)>.size)
}

@Test func instructionSetsReportSupport() throws {
    #expect(KernelInstructionSet.portable.isSupported)
    #expect(KernelInstructionSet.best.isSupported)
    // AVX-512 is AVX2 widened, and the best set is the widest the machine has.
    #expect(!KernelInstructionSet.avx512.isSupported || KernelInstructionSet.avx2.isSupported)
    let wider = KernelInstructionSet.allCases.drop { $0 != KernelInstructionSet.best }.dropFirst()
    #expect(wider.allSatisfy { !$0.isSupported })
    #if os(Linux) && arch(x86_64)
    // `cpuid` and the saved registers agree with the features the kernel reports.
    let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
    let flags = Set(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
    #expect(KernelInstructionSet.avx2.isSupported == flags.contains("avx2"))
    #expect(KernelInstructionSet.avx512.isSupported == flags.isSuperset(of: ["avx2", "avx512f", "avx512bw", "avx512vl"]))
    #endif
}

/// A render state whose every field differs from what the kernels write.
private enum ConfettiRenderTestValue {
    static let blank = ParticleRenderState(
        id: 7, center: SIMD2(-1, -1), size: SIMD2(-1, -1), color: RGBAColor(r: 0, g: 0, b: 0, a: 0),
        opacity: -1, zRotation: -1
    )
}

@Test func windTableMatchesFoundation() {
    let table = WindPhaseTable(phaseScale: 0.3)
    var worst = 0.0
    for elapsed in [0.0, 1.0 / 60, 1.7, 123.4] {
        let timePhase = elapsed * 3
        for blockStart in stride(from: 0, to: 4096, by: WindPhaseTable.blockLength) {
            let base = table.blockBase(timePhase: timePhase, blockStart: blockStart)
            for offset in 0..<WindPhaseTable.blockLength {
                let phase = base.sin * table.cosines[offset] + base.cos * table.sines[offset]
                worst = max(worst, abs(Double(phase) - sin(timePhase + Double(blockStart + offset) * 0.3)))
            }
        }
    }
    #expect(worst < 3e-7)
}
