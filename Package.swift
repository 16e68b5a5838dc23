// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "ecs-bench",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "ECS", targets: ["ECS"]),
        .library(name: "Platform", targets: ["Platform"]),
        .library(name: "Systems", targets: ["Systems"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Confetti", targets: ["Confetti"]),
        .library(name: "Tiles", targets: ["Tiles"]),
        .library(name: "Audio", targets: ["Audio"]),
        .library(name: "Host", targets: ["Host"]),
        .library(name: "HostExamples", targets: ["HostExamples"]),
        .library(name: "HostRemote", targets: ["HostRemote"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .executable(name: "bench", targets: ["Bench"]),
        .executable(name: "sortue", targets: ["Sortue"]),
        .executable(name: "ecs-host", targets: ["EcsHost"]),
        .executable(name: "harmonia", targets: ["Harmonia"]),
    ],
    traits: [
        // Off by default, so that a package using any other product resolves no network stack.
        .trait(
            name: "RemoteHost",
            description: "Hosted worlds over WebSocket: the HostRemote library and the ecs-host server (Hummingbird, SwiftNIO)."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only with the RemoteHost trait: SwiftPM resolves none of these for a package that leaves it off.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        // The data-oriented ECS: entities, archetype tables, queries, schedule, events; its
        // snapshot files go through Platform's atomic file writes.
        .target(name: "ECS", dependencies: ["Platform"], swiftSettings: [.strictMemorySafety()]),
        // Hosted worlds: definitions by name, get-or-create handles with RivetKit's lifecycle,
        // async actions, typed events, frame timing and background behaviours. In process now;
        // its transport protocol is what a remote host will implement.
        .target(name: "Host", dependencies: ["ECS", "Platform"], swiftSettings: [.strictMemorySafety()]),
        // Hosted worlds across processes: a WebSocket server for a `WorldHost` and the
        // `HostTransport` that reaches it, with reconnection. `Host` itself stays network-free.
        // Its sources compile only with the RemoteHost trait; without it the module holds
        // unavailable placeholders that name the trait.
        .target(
            name: "HostRemote",
            dependencies: [
                "Host", "ECS", "Platform",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["RemoteHost"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["RemoteHost"])),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["RemoteHost"])),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: .when(traits: ["RemoteHost"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["RemoteHost"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["RemoteHost"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["RemoteHost"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["RemoteHost"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["RemoteHost"])),
            ],
            swiftSettings: [.strictMemorySafety()]
        ),
        // libpng, from the system (Debian: libpng-dev).
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // FreeType, from the system (Debian: libfreetype-dev), for text on the canvas.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // libsndfile, from the system (Debian: libsndfile1-dev), for decoding and writing audio files.
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        // FFmpeg, from the system (Debian: libavformat-dev libavcodec-dev libavutil-dev
        // libswresample-dev), for the formats libsndfile does not read (AAC, ALAC, DSD, ...).
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev"])]
        ),
        // ALSA's libasound, from the system (Debian: libasound2-dev), for the sound-device output on Linux.
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        // The C vector kernels (the confetti step, the rasteriser, the resampler): one source
        // compiled for the baseline instruction set, AVX2 and AVX-512, chosen at run time, with
        // the same bits on each.
        .target(name: "SIMDKernels"),
        // The foundation everything stands on: the time source with its manual and monotonic
        // clocks, durable atomic file writes, the lock (`Locked`), the parallel executor,
        // seeded random numbers (`SplitMix64`), the one unchecked Sendable box and the C kernels'
        // instruction set (`KernelInstructionSet`). It depends on no library, Foundation included.
        .target(name: "Platform", dependencies: ["SIMDKernels"], swiftSettings: [.strictMemorySafety()]),
        // The software rasteriser, text (FreeType) and PNG files (libpng).
        .target(
            name: "Render",
            dependencies: ["ECS", "Platform", "CPNG", "CFreeType", "SIMDKernels"],
            swiftSettings: [.strictMemorySafety()]
        ),
        // Confetti particles on the ECS: configuration, simulation, renderer, player, plugin.
        .target(
            name: "Confetti",
            dependencies: ["ECS", "Platform", "Render", "SIMDKernels"],
            swiftSettings: [.strictMemorySafety()]
        ),
        // The colour tile puzzle: models, rules, controller, saves, rendering, plugin.
        .target(
            name: "Tiles",
            dependencies: ["ECS", "Platform", "Render"],
            swiftSettings: [.strictMemorySafety()]
        ),
        // Audio: decoding (libsndfile, FFmpeg), voices, the mixer, outputs, the player, plugin.
        .target(
            name: "Audio",
            dependencies: ["ECS", "Platform", "CSndFile", "CFFmpeg", "SIMDKernels", .target(name: "CALSA", condition: .when(platforms: [.linux]))],
            swiftSettings: [.strictMemorySafety()]
        ),
        // The four systems in one import, for users; no target of the package depends on it.
        .target(
            name: "Systems",
            dependencies: ["ECS", "Platform", "Render", "Confetti", "Tiles", "Audio"],
            swiftSettings: [.strictMemorySafety()]
        ),
        // Worlds ready to host, built on Systems (the confetti player), kept out of `Host` so
        // that hosting needs no rendering or native libraries.
        .target(name: "HostExamples", dependencies: ["Host", "Confetti", "Tiles", "ECS"], swiftSettings: [.strictMemorySafety()]),
        // Snapshot testing for rendered images: the comparator, its tolerances, and
        // `assertSnapshot`, which records references and writes actual and difference images.
        // Test support only; the `Systems` library does not depend on it.
        .target(name: "SnapshotTesting", dependencies: ["Render"]),
        // A C header over Google Benchmark (Debian: libbenchmark-dev), implemented in C++.
        .target(
            name: "CBench",
            linkerSettings: [.linkedLibrary("benchmark"), .linkedLibrary("pthread")]
        ),
        // Plain C references of `bench ecs` workloads, measured beside them in one run.
        .target(name: "CECSReference"),
        // The benchmark framework: scenarios and their options, the sampler, budgets,
        // statistics, result files, reports, compare, history, gate, capacity and exports.
        .target(
            name: "BenchKit",
            dependencies: [
                "Platform", "Render", "CBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The hosted-world scenarios both tools run: the in-process `host` scenario and the
        // counter world and latency log the remote ones share.
        .target(name: "HostScenarios", dependencies: ["BenchKit", "Host", "ECS", "Platform"]),
        // The `bench` runner: this project's scenarios on BenchKit. It links no network stack;
        // the scenarios over WebSocket are `ecs-host bench`'s.
        .executableTarget(
            name: "Bench",
            dependencies: [
                "BenchKit", "HostScenarios", "ECS", "Platform", "Render", "Confetti", "Tiles", "Audio", "Host", "CBench",
                "CECSReference",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `sortue`: the colour tile puzzle in a terminal.
        .executableTarget(
            name: "Sortue",
            dependencies: ["Tiles", "Audio", "ECS", "TerminalUI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What the terminal programs share: raw mode, keys, escape codes, sizes, text in columns,
        // signals and the one-line error exit of their command lines.
        .target(
            name: "TerminalUI",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.strictMemorySafety()]
        ),
        // `harmonia`: the music player in a terminal, over the Audio library's `AudioPlayer`.
        .executableTarget(
            name: "Harmonia",
            dependencies: ["Audio", "Platform", "TerminalUI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Driving the terminal programs in tests: a pseudo-terminal and the built executables.
        // Test support only.
        .target(name: "TerminalTesting"),
        // `ecs-host`: serves the example worlds over WebSocket (with the RemoteHost trait; without
        // it, the executable says how to build it and exits 1).
        .executableTarget(
            name: "EcsHost",
            dependencies: [
                "HostRemote", "HostExamples", "Host", "BenchKit", "HostScenarios", "ECS", "Platform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "ECSTests", dependencies: ["ECS"]),
        .testTarget(name: "HostTests", dependencies: ["Host", "HostExamples", "Confetti", "Tiles", "ECS", "Platform"]),
        .testTarget(
            name: "RenderTests", dependencies: ["Render", "ECS", "Platform", "SnapshotTesting", "SIMDKernels"], exclude: ["References"]),
        .testTarget(
            name: "ConfettiTests", dependencies: ["Confetti", "Render", "ECS", "Platform", "SnapshotTesting", "SIMDKernels"],
            exclude: ["References"]),
        .testTarget(name: "TilesTests", dependencies: ["Tiles", "Render", "Platform", "SnapshotTesting"], exclude: ["References"]),
        .testTarget(
            name: "AudioTests", dependencies: ["Audio", "Render", "ECS", "Platform", "SnapshotTesting", "CSndFile", "SIMDKernels"],
            exclude: ["References"]),
        // The plugins composed in one app, as a user of the `Systems` umbrella does.
        .testTarget(name: "SystemsTests", dependencies: ["Systems", "Platform", "SnapshotTesting"]),
        .testTarget(
            name: "BenchTests",
            dependencies: [
                "Bench", "BenchKit", "HostScenarios", "ECS", "Platform", "Render", "Confetti", "Tiles", "Audio", "SnapshotTesting",
                "CBench", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["References"]),
        .testTarget(name: "SortueTests", dependencies: ["Sortue", "Tiles", "Audio", "Platform", "TerminalTesting"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "HarmoniaTests", dependencies: ["Harmonia", "Audio", "TerminalUI", "TerminalTesting", "CSndFile"]),
        .testTarget(
            name: "HostRemoteTests",
            dependencies: [
                "HostRemote", "Host", "HostExamples", "ECS", "Platform", "EcsHost", "BenchKit",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["RemoteHost"])),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: .when(traits: ["RemoteHost"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["RemoteHost"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["RemoteHost"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["RemoteHost"])),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
