import BenchKit

/// The game's benchmarks: `game.app` (the app with its plugin) and `game.loop` (the same
/// movement as a plain loop), both over `--bodies` bodies.
enum GameBench: BenchSuite {
    /// `--bodies`: how many bodies move each frame. `bench capacity` searches it.
    static let bodies = ScenarioOption.integer("bodies", default: 10_000, range: 1...1_000_000, help: "Bodies that move each frame.")

    static let scenarios = ScenarioRegistry([
        Scenario("game.app", options: [bodies], capacity: .init(option: "bodies", unit: "bodies")) { settings in
            try AppWorkload(bodies: settings.integer("bodies") ?? 10_000, seed: settings.seed)
        },
        Scenario("game.loop", options: [bodies], capacity: .init(option: "bodies", unit: "bodies")) { settings in
            try LoopWorkload(bodies: settings.integer("bodies") ?? 10_000, seed: settings.seed)
        },
    ])

    static var commandName: String { "game-bench" }
    static var abstract: String { "Measure the game's systems against a 60 fps frame budget." }
}

/// The entry point of `game-bench`.
@main
enum Main {
    static func main() { BenchMain.run(GameBench.self) }
}
