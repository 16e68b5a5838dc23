import ECS
import Foundation
import Render

/// Creates particles with a fixed random draw order.
///
/// For each particle the generator is drawn, in this order:
/// 1. `angle = angleCenter + Double.random(in: -angleSpread ..< angleSpread)` (half-open);
/// 2. `speed` in `speedRange`;
/// 3. `baseSize` in `baseSizeRange`;
/// 4. the width scale; 5. the height scale;
/// 6. the colour source (``DefaultColorSource`` draws one `Int`, ``ConstantColorSource`` none);
/// 7. the X spin; 8. the Y spin; 9. the wind force;
/// 10. the initial X rotation in `0...2π`; 11. the initial Y rotation in `0...2π`.
///
/// Values are drawn and combined in `Double` (`velocity = (cos a·speed, sin a·speed)`,
/// `size = (base·wScale, base·hScale)`), then each stored field is rounded once to `Float`.
struct ConfettiSpawner: Sendable {
    /// The validated configuration.
    let config: ConfettiConfig
    /// Launch point of every particle: `(width / 2, height · originHeightRatio)`.
    let origin: SIMD2<Float>

    /// A spawner for `config` on a canvas of `canvas` points.
    init(config: ConfettiConfig, canvas: SIMD2<Double>) {
        self.config = config
        origin = SIMD2(Float(canvas.x / 2), Float(canvas.y * config.spawn.originHeightRatio))
    }

    /// Draws one particle with identifier `id`; `drawColor` draws its colour at step 6
    /// (concrete in the generator so that the standard library's random functions specialise).
    func make(
        id: UInt64,
        using generator: inout ConfettiLCG,
        drawColor: (inout ConfettiLCG) -> RGBAColor
    ) -> (ConfettoTraits, ConfettoState) {
        let spawn = config.spawn
        let look = config.appearance
        let angle = spawn.angleCenter + Double.random(in: -spawn.angleSpread ..< spawn.angleSpread, using: &generator)
        let speed = Double.random(in: spawn.speedRange, using: &generator)
        let baseSize = Double.random(in: look.baseSizeRange, using: &generator)
        let width = baseSize * Double.random(in: look.widthScaleRange, using: &generator)
        let height = baseSize * Double.random(in: look.heightScaleRange, using: &generator)
        let color = drawColor(&generator)
        let spinX = Double.random(in: look.rotationXSpeedRange, using: &generator)
        let spinY = Double.random(in: look.rotationYSpeedRange, using: &generator)
        let windForce = Double.random(in: config.wind.forceRange, using: &generator)
        let rotationX = Double.random(in: 0 ... .pi * 2, using: &generator)
        let rotationY = Double.random(in: 0 ... .pi * 2, using: &generator)
        let traits = ConfettoTraits(
            id: id,
            size: SIMD2(Float(width), Float(height)),
            color: color,
            rotationSpeed: SIMD2(Float(spinX), Float(spinY)),
            windForce: Float(windForce)
        )
        let state = ConfettoState(
            position: origin,
            velocity: SIMD2(Float(cos(angle) * speed), Float(sin(angle) * speed)),
            rotation: SIMD2(Float(rotationX), Float(rotationY))
        )
        return (traits, state)
    }
}
