import ECS

/// A component or resource of the schedule stress test: one 64-bit value. Its metatype is
/// `Sendable`, since parallel chunk bodies use the generic component types.
protocol StressValue: SendableMetatype {
    init(value: UInt64)
    var value: UInt64 { get set }
}

struct S0: StressValue { var value: UInt64 }
struct S1: StressValue { var value: UInt64 }
struct S2: StressValue { var value: UInt64 }
struct S3: StressValue { var value: UInt64 }
struct R0: StressValue { var value: UInt64 }
struct R1: StressValue { var value: UInt64 }
struct R2: StressValue { var value: UInt64 }

/// The stress test's component and resource types.
enum StressTypes {
    static let components: [any StressValue.Type] = [S0.self, S1.self, S2.self, S3.self]
    static let resources: [any StressValue.Type] = [R0.self, R1.self, R2.self]
}

/// One step of a 64-bit linear congruential mix: order-sensitive, so a lost or reordered
/// update changes the result.
@inline(__always)
func stressMix(_ state: UInt64, _ input: UInt64) -> UInt64 {
    state &* 6_364_136_223_846_793_005 &+ input &+ 1_442_695_040_888_963_407
}
