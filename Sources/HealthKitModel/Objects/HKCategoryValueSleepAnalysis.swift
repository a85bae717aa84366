import Foundation

/// Sleep analysis values, with Apple's raw values.
public enum HKCategoryValueSleepAnalysis: Int, Sendable, CaseIterable {
    /// In bed.
    case inBed = 0
    /// Asleep, stage not known.
    case asleepUnspecified = 1
    /// Awake.
    case awake = 2
    /// Core (light) sleep.
    case asleepCore = 3
    /// Deep sleep.
    case asleepDeep = 4
    /// REM sleep.
    case asleepREM = 5
}
