import SIMDKernels

/// The per-step constants of the physics step, computed once per step in `Double` from the
/// configuration and rounded once to the `Float` the particle columns use.
struct ConfettiStepParameters: Sendable {
    /// Step length in seconds.
    var deltaTime: Float
    /// `gravity · dt`, added to `v.y`.
    var gravityImpulse: Float
    /// Velocity multiplier per step.
    var drag: Float
    /// Cap on `v.y` (downward only).
    var terminalVelocity: Float
    /// Inclusive lower corner of the live area (`-margin`).
    var boundsMin: SIMD2<Float>
    /// Exclusive upper corner of the live area (`size + margin`): `CGRect.contains` is
    /// half-open at the max edge.
    var boundsMax: SIMD2<Float>
    /// `elapsed · timeScale`, the time part of the wind phase (kept in `Double`).
    var windTimePhase: Double
    /// Whether the global fade-out applies at this step's time.
    var isFading: Bool
    /// Opacity given to every in-bounds particle while fading.
    var fadeOpacity: Float

    /// Constants for the step that ends at simulation time `elapsed` on a canvas of `canvas`.
    init(config: ConfettiConfig, canvas: SIMD2<Double>, elapsed: Double) {
        let dt = config.physics.fixedDeltaTime
        deltaTime = Float(dt)
        gravityImpulse = Float(config.physics.gravity * dt)
        drag = Float(config.physics.drag)
        terminalVelocity = Float(config.physics.terminalVelocity)
        let margin = config.spawn.boundaryMargin
        boundsMin = SIMD2(Float(-margin), Float(-margin))
        boundsMax = SIMD2(Float(-margin + (canvas.x + 2 * margin)), Float(-margin + (canvas.y + 2 * margin)))
        windTimePhase = elapsed * config.wind.timeScale
        let fadeOut = config.lifecycle.fadeOutDuration
        let fadeStart = config.lifecycle.duration - fadeOut
        isFading = config.lifecycle.emission == .burst && elapsed > fadeStart
        fadeOpacity = isFading ? Float(max(0, min(1, 1 - (elapsed - fadeStart) / fadeOut))) : 1
    }

    /// The constants in the step kernel's form; the wind block's base angle is left zero.
    var kernelConstants: ConfettiStepConstants {
        ConfettiStepConstants(
            deltaTime: deltaTime, gravityImpulse: gravityImpulse, drag: drag, terminalVelocity: terminalVelocity,
            boundsMinX: boundsMin.x, boundsMinY: boundsMin.y, boundsMaxX: boundsMax.x, boundsMaxY: boundsMax.y,
            windBaseSin: 0, windBaseCos: 0, fadeOpacity: fadeOpacity, isFading: isFading ? 1 : 0
        )
    }
}
