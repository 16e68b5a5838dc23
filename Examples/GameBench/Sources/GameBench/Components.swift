import ECS

/// Where a body is, in metres.
struct Position: Equatable {
    var x: Float
    var y: Float
}

/// How fast a body moves, in metres per second.
struct Velocity: Equatable {
    var dx: Float
    var dy: Float
}

/// The arena's walls: bodies bounce off them.
struct Arena {
    var width: Float
    var height: Float
}
