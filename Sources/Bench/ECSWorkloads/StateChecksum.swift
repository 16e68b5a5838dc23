import BenchKit

/// A checksum of a world's final state that any implementation of a workload can compute,
/// whatever its storage order, entity ids or thread count.
///
/// Definition: for each live entity, FNV-1a 64 (offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`; per byte `h ^= byte; h *= prime`, modulo 2^64) over the little-endian bytes
/// of its components, concatenated in the order the workload lists them (each component's
/// fields in declaration order; none of them has padding). The checksum is the sum of these
/// entity hashes modulo 2^64. The sum does not depend on the order entities are visited in, so
/// an implementation that stores, numbers or schedules entities differently still gets the
/// same value for the same component values.
struct StateChecksum: Equatable, Sendable {
    /// FNV-1a 64 offset basis.
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a 64 prime.
    static let prime: UInt64 = 0x100_0000_01b3

    /// The sum of the entity hashes added so far, modulo 2^64.
    private(set) var value: UInt64 = 0
    /// Entities added so far.
    private(set) var entities = 0

    /// Adds one entity whose components are `components`, hashed in argument order.
    mutating func add<each Component>(_ components: repeat each Component) {
        var hash = Self.offsetBasis
        for component in repeat each components {
            Self.combine(component, into: &hash)
        }
        value &+= hash
        entities += 1
    }

    /// `value` as 16 lowercase hex digits with a `0x` prefix, as reports print it.
    var hex: String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Folds the in-memory bytes of `component` into `hash` (this package runs on
    /// little-endian machines only, so these are its little-endian bytes).
    private static func combine<Component>(_ component: Component, into hash: inout UInt64) {
        withUnsafeBytes(of: component) { bytes in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* prime
            }
        }
    }
}
