// swift-tools-version:6.2
import PackageDescription

// libFuzzer targets for every parser of outside bytes. Build and run them with
// `scripts/fuzz.sh`, which passes `-sanitize=fuzzer,address` to every module (the product code
// too, so that its branches guide the fuzzer) and keeps its own scratch path `.build-fuzz`.
// Each target defines `LLVMFuzzerTestOneInput`, and its `Main.swift` starts libFuzzer on it.
let package = Package(
    name: "ecs-bench-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ecs-bench", path: ".."),
    ],
    targets: [
        // Starts libFuzzer's driver from a fuzz target's renamed entry point.
        .target(name: "FuzzerDriver"),
        // PNG bytes through `PNGCodec.decode`, and decode -> encode -> decode equality.
        .executableTarget(
            name: "FuzzPNGDecode",
            dependencies: ["FuzzerDriver", .product(name: "Systems", package: "ecs-bench")]
        ),
        // Result-file bytes through the loading and checks of `bench history` and `bench compare`.
        // The loading lives in the `Bench` executable, which another package cannot import, so
        // `BenchSources/` links (symlinks, not copies) the files it needs into this target.
        .executableTarget(
            name: "FuzzResultFile",
            dependencies: ["FuzzerDriver", .product(name: "Platform", package: "ecs-bench")]
        ),
        // Tile puzzle saves through `GameStateCodec.decode` and a game's load.
        .executableTarget(
            name: "FuzzTileSave",
            dependencies: ["FuzzerDriver", .product(name: "Systems", package: "ecs-bench")]
        ),
        // Event payload bytes through `JSONValue`'s JSON decoding, `decode(_:)` and the bus.
        .executableTarget(
            name: "FuzzEventPayload",
            dependencies: ["FuzzerDriver", .product(name: "ECS", package: "ecs-bench"), .product(name: "Host", package: "ecs-bench")]
        ),
        // World snapshots through `SnapshotSchema.load` (binary, binary with a repaired checksum,
        // and JSON) and save -> load -> save equality. `SnapshotFixtures.swift` links the tests'
        // fixture components.
        .executableTarget(
            name: "FuzzWorldSnapshot",
            dependencies: ["FuzzerDriver", .product(name: "ECS", package: "ecs-bench")]
        ),
        // Audio files of any format FFmpeg reads through `FFmpegDecoder` and `FFmpegTagReader`.
        .executableTarget(
            name: "FuzzFFmpegDecode",
            dependencies: ["FuzzerDriver", .product(name: "Systems", package: "ecs-bench")]
        ),
        // Remote host protocol frames through `ClientFrame`'s and `HostFrame`'s JSON decoding.
        // It links (symlinks) the frame coding files of HostRemote, whose sources compile only
        // under the RemoteHost trait's condition, so the target defines it (they need no network).
        .executableTarget(
            name: "FuzzHostFrame",
            dependencies: ["FuzzerDriver", .product(name: "Host", package: "ecs-bench")],
            swiftSettings: [.define("RemoteHost")]
        ),
    ]
)
