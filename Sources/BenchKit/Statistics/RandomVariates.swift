import Platform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Continuous random variates drawn from a seeded `SplitMix64`, for the bootstrap.
enum RandomVariates {
    /// Uniform on the open interval (0, 1): never exactly 0, so logarithms stay finite.
    static func openUniform(using generator: inout SplitMix64) -> Double {
        (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992
    }

    /// Standard normal, by the Box-Muller transform.
    static func standardNormal(using generator: inout SplitMix64) -> Double {
        let radius = (-2 * log(openUniform(using: &generator))).squareRoot()
        return radius * cos(2 * Double.pi * openUniform(using: &generator))
    }

    /// Gamma with `shape` >= 1 and scale 1, by Marsaglia and Tsang's method ("A simple method
    /// for generating gamma variables", ACM TOMS 26(3), 2000).
    static func gamma(shape: Double, using generator: inout SplitMix64) -> Double {
        // Cannot fire: gamma is reached only through `beta`, which `QuantileResampler.draw`
        // calls with k and n - k + 1 for 1 <= k <= n, both at least 1.
        precondition(shape >= 1, "gamma shape below 1")
        let d = shape - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        while true {
            let x = standardNormal(using: &generator)
            let root = 1 + c * x
            guard root > 0 else { continue }
            let v = root * root * root
            if log(openUniform(using: &generator)) < 0.5 * x * x + d - d * v + d * log(v) {
                return d * v
            }
        }
    }

    /// Beta(`a`, `b`) with `a`, `b` >= 1, as `G(a) / (G(a) + G(b))`.
    static func beta(_ a: Double, _ b: Double, using generator: inout SplitMix64) -> Double {
        let x = gamma(shape: a, using: &generator)
        let y = gamma(shape: b, using: &generator)
        return x / (x + y)
    }
}
