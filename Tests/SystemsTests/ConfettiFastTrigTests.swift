import Foundation
import Testing
@testable import Systems

/// Largest absolute error of `FastTrig.sinAbsCos` and `FastTrig.absCos` against Foundation over `count` points in `-limit...limit`.
private func maxError(limit: Float, count: Int) -> Double {
    var worst = 0.0
    for i in 0..<count {
        let base = -limit + 2 * limit * Float(i) / Float(count - 1)
        let x = SIMD4(base, base.nextUp, base.nextDown, -base)
        let (s, c) = FastTrig.sinAbsCos(x)
        for lane in 0..<4 {
            worst = max(worst, abs(Double(s[lane]) - sin(Double(x[lane]))))
            worst = max(worst, abs(Double(c[lane]) - abs(cos(Double(x[lane])))))
            worst = max(worst, abs(Double(FastTrig.absCos(x)[lane]) - abs(cos(Double(x[lane])))))
        }
    }
    return worst
}

@Test func fastTrigMatchesFoundationNearZero() {
    #expect(maxError(limit: 100, count: 200_000) < 2.5e-7)
}

@Test func fastTrigMatchesFoundationForLargeAngles() {
    #expect(maxError(limit: 10_000, count: 200_000) < 1e-6)
}

@Test func fastTrigIsExactAtQuadrantPoints() {
    let (s, c) = FastTrig.sinAbsCos(SIMD4(0, .pi / 2, .pi, -.pi / 2))
    #expect(s[0] == 0)
    #expect(c[0] == 1)
    #expect(abs(s[1] - 1) < 1e-7 && abs(c[1]) < 1e-7)
    #expect(abs(s[2]) < 1e-6 && abs(c[2] - 1) < 1e-7)
    #expect(abs(s[3] + 1) < 1e-7)
    #expect(FastTrig.magnitude(SIMD4(-1, 2, -0.5, 0)) == SIMD4(1, 2, 0.5, 0))
}

@Test func windTableMatchesFoundation() {
    let table = WindPhaseTable(phaseScale: 0.3)
    var worst = 0.0
    for elapsed in [0.0, 1.0 / 60, 1.7, 123.4] {
        let timePhase = elapsed * 3
        for blockStart in stride(from: 0, to: 4096, by: WindPhaseTable.blockLength) {
            let base = table.blockBase(timePhase: timePhase, blockStart: blockStart)
            for group in 0..<(WindPhaseTable.blockLength / 4) {
                let phase = base.sin * table.cosines[group] + base.cos * table.sines[group]
                for lane in 0..<4 {
                    let row = blockStart + 4 * group + lane
                    worst = max(worst, abs(Double(phase[lane]) - sin(timePhase + Double(row) * 0.3)))
                }
            }
        }
    }
    #expect(worst < 3e-7)
}
