// swift-tools-version: 6.1
import PackageDescription

/// Benchmarks, run on demand with `swift package benchmark` from this folder.
/// A package of their own so that the main package's CI never builds them.
let package = Package(
    name: "OpenHealthKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "OpenHealthKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // OHK_BENCHMARK_SMOKE=1: each benchmark once, on a small workload (CI runs this).
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
    ] + ["StoreBenchmarks", "LiveBuilderBenchmarks", "StrapBenchmarks", "RecorderBenchmarks"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenHealthKit", package: "OpenHealthKit"),
                .product(name: "WorkoutSources", package: "OpenHealthKit"),
            ],
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    },
    swiftLanguageModes: [.v6]
)
