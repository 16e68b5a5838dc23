/// One fixed physics step over a run of rows, in the original's order:
///
/// 1. gravity `v.y += g·dt`;
/// 2. wind `w = sin(elapsed·timeScale + i·phaseScale)·windForce`, `v.x += w·dt`, where `i` is
///    the row, that is the particle's current compacted index;
/// 3. drag `v *= drag` (per step, not scaled by `dt`);
/// 4. terminal velocity caps `v.y` only;
/// 5. move `p += v·dt`;
/// 6. out of bounds (half-open live area): opacity becomes 0 and steps 7–8 are skipped;
/// 7. rotation `r += (spin + (v.y·0.01, v.x·0.008) + w·(0.05, 0.03) + max(0, |v.y| − 10)·(0.0005, 0.0003))·dt`
///    (the fall boost subtracts the threshold, as the original's current code does);
/// 8. fade by global time.
///
/// Every row is independent and written with selects instead of branches, so the inner loop
/// vectorises and any split of the rows gives the same bits.
struct ConfettiStepKernel {
    /// Constants of this step.
    let parameters: ConfettiStepParameters
    /// Wind phase tables for the configuration.
    let wind: WindPhaseTable

    /// Steps rows `rows`; each pointer addresses the column element of `rows.lowerBound`.
    func run(
        rows: Range<Int>,
        position: UnsafeMutablePointer<SIMD2<Float>>,
        velocity: UnsafeMutablePointer<SIMD2<Float>>,
        rotation: UnsafeMutablePointer<SIMD2<Float>>,
        opacity: UnsafeMutablePointer<Float>,
        spin: UnsafePointer<SIMD2<Float>>,
        windForce: UnsafePointer<Float>
    ) {
        let block = WindPhaseTable.blockLength
        var segmentStart = rows.lowerBound
        wind.cosines.withUnsafeBufferPointer { cosines in
            wind.sines.withUnsafeBufferPointer { sines in
                while segmentStart < rows.upperBound {
                    let blockStart = segmentStart - segmentStart % block
                    let segmentEnd = min(rows.upperBound, blockStart + block)
                    let base = wind.blockBase(timePhase: parameters.windTimePhase, blockStart: blockStart)
                    let offset = segmentStart - rows.lowerBound
                    stepSegment(
                        count: segmentEnd - segmentStart,
                        tableOffset: segmentStart - blockStart,
                        base: base,
                        cosines: cosines.baseAddress!,
                        sines: sines.baseAddress!,
                        position: position + offset,
                        velocity: velocity + offset,
                        rotation: rotation + offset,
                        opacity: opacity + offset,
                        spin: spin + offset,
                        windForce: windForce + offset
                    )
                    segmentStart = segmentEnd
                }
            }
        }
    }

    @inline(__always)
    private func stepSegment(
        count: Int,
        tableOffset: Int,
        base: (sin: Float, cos: Float),
        cosines: UnsafePointer<Float>,
        sines: UnsafePointer<Float>,
        position: UnsafeMutablePointer<SIMD2<Float>>,
        velocity: UnsafeMutablePointer<SIMD2<Float>>,
        rotation: UnsafeMutablePointer<SIMD2<Float>>,
        opacity: UnsafeMutablePointer<Float>,
        spin: UnsafePointer<SIMD2<Float>>,
        windForce: UnsafePointer<Float>
    ) {
        let p = parameters
        let dt = p.deltaTime
        let velocityToSpin = SIMD2<Float>(0.01, 0.008)
        let windToSpin = SIMD2<Float>(0.05, 0.03)
        let fallToSpin = SIMD2<Float>(0.0005, 0.0003)
        for j in 0..<count {
            let phase = base.sin * cosines[tableOffset + j] + base.cos * sines[tableOffset + j]
            let w = phase * windForce[j]
            var v = velocity[j]
            v.y += p.gravityImpulse
            v.x += w * dt
            v *= p.drag
            v.y = v.y > p.terminalVelocity ? p.terminalVelocity : v.y
            let newPosition = position[j] + v * dt
            position[j] = newPosition
            velocity[j] = v
            let inside = newPosition.x >= p.boundsMin.x && newPosition.x < p.boundsMax.x
                && newPosition.y >= p.boundsMin.y && newPosition.y < p.boundsMax.y
            let fallBoost = max(0, abs(v.y) - 10)
            let speed = spin[j] + SIMD2(v.y, v.x) * velocityToSpin + w * windToSpin + fallBoost * fallToSpin
            let oldRotation = rotation[j]
            rotation[j] = inside ? oldRotation + speed * dt : oldRotation
            let keptOpacity = p.isFading ? p.fadeOpacity : opacity[j]
            opacity[j] = inside ? keptOpacity : 0
        }
    }
}
