// The foundation the ECS stands on, re-exported: systems draw from `SplitMix64` streams, run
// chunks through `ParallelExecutor` and keep shared state in `Locked`, all of which live in
// `Platform`, so `import ECS` brings them with it.
@_exported import Platform
