// swift-tools-version: 6.1
import PackageDescription

/// Benchmarks, run on demand with `swift package benchmark` from this folder.
/// A package of their own so that the main package's CI never builds them.
let package = Package(
    name: "OpenHealthKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // OHK_PACKAGE_PATH measures another checkout, such as an older commit's worktree (Benchmarks/instructions).
        .package(name: "OpenHealthKit", path: Context.environment["OHK_PACKAGE_PATH"] ?? ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // OHK_BENCHMARK_SMOKE=1: each benchmark once, on a small workload (CI runs this).
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        // The live builder's workload, shared by its benchmarks and its instruction count.
        .target(name: "LiveWorkload", dependencies: [.product(name: "OpenHealthKit", package: "OpenHealthKit")], path: "Benchmarks/LiveWorkload"),
        // Callgrind's client requests (start and stop counting), from valgrind's own header.
        .target(name: "CallgrindMarks", path: "Instructions/CallgrindMarks"),
        // Instructions per reading under callgrind: Benchmarks/instructions runs it. Outside the
        // Benchmarks/ folder, which the benchmark plugin takes for benchmarks to run.
        .executableTarget(name: "LiveBuilderInstructions", dependencies: ["BenchmarkSupport", "CallgrindMarks", "LiveWorkload", .product(name: "OpenHealthKit", package: "OpenHealthKit")],
                          path: "Instructions/LiveBuilderInstructions"),
        // Instructions per Bluetooth notification, sensors through a fake BlueZ into a recording: Benchmarks/sensors runs it.
        .executableTarget(name: "SensorInstructions", dependencies: ["BenchmarkSupport", "CallgrindMarks", .product(name: "OpenHealthKit", package: "OpenHealthKit"),
                                                                     .product(name: "WorkoutSources", package: "OpenHealthKit"),
                                                                     .product(name: "BlueZSensors", package: "OpenHealthKit")],
                          path: "Instructions/SensorInstructions"),
        // Instructions and microseconds per fix matched to a course: Benchmarks/course runs it.
        .executableTarget(name: "CourseInstructions", dependencies: ["CallgrindMarks", .product(name: "CourseGuidance", package: "OpenHealthKit")],
                          path: "Instructions/CourseInstructions"),
    ] + ["StoreBenchmarks", "LiveBuilderBenchmarks", "StrapBenchmarks", "RecorderBenchmarks", "TrainingBenchmarks"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "BenchmarkSupport",
                "LiveWorkload",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenHealthKit", package: "OpenHealthKit"),
                .product(name: "WorkoutSources", package: "OpenHealthKit"),
                .product(name: "GPSDReceiver", package: "OpenHealthKit"),
                .product(name: "GATT", package: "OpenHealthKit"),
                .product(name: "SensorBridge", package: "OpenHealthKit"),
                .product(name: "TrainingMetrics", package: "OpenHealthKit"),
                .product(name: "WorkoutFormats", package: "OpenHealthKit"),
                .product(name: "WorkoutLibrary", package: "OpenHealthKit"),
                .product(name: "WorkoutReport", package: "OpenHealthKit"),
            ],
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    },
    swiftLanguageModes: [.v6]
)
