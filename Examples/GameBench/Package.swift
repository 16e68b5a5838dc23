// swift-tools-version:6.2
import PackageDescription

// A game's own benchmarks on BenchKit: two scenarios over the game's components and systems,
// with frame budgets, a regression gate and tracker exports. Copy this package next to your
// game and change the path (or use the repository's git URL).
let package = Package(
    name: "GameBench",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "game-bench", targets: ["GameBench"])],
    dependencies: [
        .package(name: "ecs-bench", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "GameBench",
            dependencies: [
                .product(name: "BenchKit", package: "ecs-bench"),
                .product(name: "ECS", package: "ecs-bench"),
            ]
        ),
    ]
)
