/// Up to four particles' step inputs and outputs, one `SIMD4` lane per particle.
struct ConfettiLaneGroup {
    var positionX: SIMD4<Float>
    var positionY: SIMD4<Float>
    var velocityX: SIMD4<Float>
    var velocityY: SIMD4<Float>
    var rotationX: SIMD4<Float>
    var rotationY: SIMD4<Float>
    var opacity: SIMD4<Float>
    var spinX: SIMD4<Float>
    var spinY: SIMD4<Float>
    var windForce: SIMD4<Float>
}
