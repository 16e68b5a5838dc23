// Must NOT compile: a parallel chunk body that adds into a captured `var` would lose updates
// when chunks run on several threads at once. `scripts/compile-fail.sh` type-checks this file
// against the ECS module and passes only when the compiler rejects it for that capture.
import ECS

struct Mass { var kilograms: Double }

func totalMass(of world: World) throws -> Double {
    var sum = 0.0
    try world.query(Read<Mass>.self).forEachChunk(threads: 2) { _, masses in
        for mass in masses { sum += mass.kilograms }
    }
    return sum
}
