import ArgumentParser

/// `bench ecs`: the standard ECS workloads, in ns per entity.
struct ECSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ecs",
        abstract: "Run the standard ECS workloads and print ns per entity."
    )

    func run() throws {}
}
