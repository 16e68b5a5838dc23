import ECS

struct Position: Equatable { var x: Float, y: Float }
struct Velocity: Equatable { var dx: Float, dy: Float }
struct Health: Equatable { var value: Int }
struct Name: Equatable { var text: String }
struct Frozen {}
