import Foundation

/// The benchmarks' smoke mode: with `OHK_BENCHMARK_SMOKE=1` every benchmark
/// runs once on a small workload, with no goal, so CI notices a benchmark
/// that no longer builds or runs before it rots.
///
/// ```sh
/// cd Benchmarks && OHK_BENCHMARK_SMOKE=1 swift package --allow-writing-to-package-directory benchmark
/// ```
public enum Smoke {
    /// Whether `OHK_BENCHMARK_SMOKE` is set.
    public static let isOn = ProcessInfo.processInfo.environment["OHK_BENCHMARK_SMOKE"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// `full` iterations, or one in smoke mode.
    public static func iterations(_ full: Int) -> Int { isOn ? 1 : full }

    /// The full workload, or the small one in smoke mode.
    public static func size(_ full: Int, smoke: Int) -> Int { isOn ? smoke : full }
}
