import ECS

struct Position: Equatable { var x: Float, y: Float }
struct Velocity: Equatable { var dx: Float, dy: Float }
struct Health: Equatable { var value: Int }
struct Name: Equatable { var text: String }
struct Frozen {}
/// A sparse-set component: added and removed often, kept outside the tables.
struct Poisoned: Equatable, StorageDeclaring {
    static var storage: ComponentStorage { .sparseSet }
    var dose: Int
}
