/// One fixed physics step over a run of rows, in the original's order:
///
/// 1. gravity `v.y += g·dt`;
/// 2. wind `w = sin(elapsed·timeScale + i·phaseScale)·windForce`, `v.x += w·dt`, where `i` is
///    the row, that is the particle's current compacted index;
/// 3. drag `v *= drag` (per step, not scaled by `dt`);
/// 4. terminal velocity caps `v.y` only;
/// 5. move `p += v·dt`;
/// 6. out of bounds (half-open live area): opacity becomes 0 and step 8 is skipped (step 7
///    runs, but no one sees it: a dead row is removed or respawned before anything reads it);
/// 7. rotation `r += (spin + (v.y·0.01, v.x·0.008) + w·(0.05, 0.03) + max(0, |v.y| − 10)·(0.0005, 0.0003))·dt`
///    (the fall boost subtracts the threshold, as the original's current code does);
/// 8. fade by global time.
///
/// Rows are processed four at a time in `SIMD4` lanes with masks instead of branches; a
/// trailing group of fewer than four rows runs through the same lane code, so every row gets
/// the same bits however the rows are split.
struct ConfettiStepKernel {
    /// Constants of this step.
    let parameters: ConfettiStepParameters
    /// Wind phase tables for the configuration.
    let wind: WindPhaseTable

    /// Steps `rows`; `columns` addresses the elements of `rows.lowerBound`, which must be a
    /// multiple of 4. Returns how many of the rows are dead (opacity not above 0) afterwards.
    func run(rows: Range<Int>, columns: ConfettiStateColumns) -> Int {
        wind.cosines.withUnsafeBufferPointer { cosines in
            wind.sines.withUnsafeBufferPointer { sines in
                var dead = 0
                var at = columns
                var segmentStart = rows.lowerBound
                while segmentStart < rows.upperBound {
                    let blockStart = segmentStart - segmentStart % WindPhaseTable.blockLength
                    let segmentEnd = min(rows.upperBound, blockStart + WindPhaseTable.blockLength)
                    let base = wind.blockBase(timePhase: parameters.windTimePhase, blockStart: blockStart)
                    let firstGroup = (segmentStart - blockStart) / 4
                    var cosine = cosines.baseAddress! + firstGroup
                    var sine = sines.baseAddress! + firstGroup
                    var deadLanes = SIMD4<UInt32>.zero
                    for _ in 0..<((segmentEnd - segmentStart) / 4) {
                        var group = at.loadGroup()
                        step(&group, phase: base.sin * cosine.pointee + base.cos * sine.pointee)
                        at.storeGroup(group)
                        deadLanes &-= ~LaneSelect.bits(group.opacity .> 0)  // an all-ones lane is -1
                        at = at.advanced(by: 4)
                        cosine += 1
                        sine += 1
                    }
                    dead += Int(deadLanes.wrappedSum())
                    let lanes = (segmentEnd - segmentStart) % 4
                    if lanes > 0 {
                        var group = at.loadGroup(lanes: lanes)
                        step(&group, phase: base.sin * cosine.pointee + base.cos * sine.pointee)
                        at.storeGroup(group, lanes: lanes)
                        for lane in 0..<lanes where !(group.opacity[lane] > 0) { dead += 1 }
                    }
                    segmentStart = segmentEnd
                }
                return dead
            }
        }
    }

    @inline(__always)
    private func step(_ g: inout ConfettiLaneGroup, phase: SIMD4<Float>) {
        let p = parameters
        let dt = p.deltaTime
        let w = phase * g.windForce
        var vx = g.velocityX
        var vy = g.velocityY + p.gravityImpulse
        vx += w * dt
        vx *= p.drag
        vy *= p.drag
        vy = vy.replacing(with: p.terminalVelocity, where: vy .> p.terminalVelocity)
        let px = g.positionX + vx * dt
        let py = g.positionY + vy * dt
        let inside = LaneSelect.bits(px .>= p.boundsMin.x) & LaneSelect.bits(px .< p.boundsMax.x)
            & LaneSelect.bits(py .>= p.boundsMin.y) & LaneSelect.bits(py .< p.boundsMax.y)
        let fallExcess = FastTrig.magnitude(vy) - 10
        let fallBoost = fallExcess.replacing(with: 0, where: fallExcess .< 0)
        let speedX = g.spinX + vy * 0.01 + w * 0.05 + fallBoost * 0.0005
        let speedY = g.spinY + vx * 0.008 + w * 0.03 + fallBoost * 0.0003
        g.velocityX = vx
        g.velocityY = vy
        g.positionX = px
        g.positionY = py
        g.rotationX += speedX * dt
        g.rotationY += speedY * dt
        let kept = p.isFading ? SIMD4(repeating: p.fadeOpacity) : g.opacity
        g.opacity = LaneSelect.select(inside, kept, .zero)
    }
}
