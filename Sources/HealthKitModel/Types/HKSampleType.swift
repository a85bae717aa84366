

/// The type of samples: objects with a start and an end date.
public class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether samples of this type have a maximum duration.
    public var isMaximumDurationRestricted: Bool { maximumDuration != nil }

    /// The longest a sample may last. Traps when the type has no limit; check
    /// ``isMaximumDurationRestricted`` first, as with Apple's.
    public var maximumAllowedDuration: Double {
        guard let maximumDuration else { fatalError("Data type \(identifier) is not duration restricted") }
        return maximumDuration
    }

    /// Whether samples of this type have a minimum duration.
    public var isMinimumDurationRestricted: Bool { minimumDuration > 0 }

    /// The shortest a sample may last. Traps when the type has no minimum.
    public var minimumAllowedDuration: Double {
        guard minimumDuration > 0 else { fatalError("Data type \(identifier) is not duration restricted") }
        return minimumDuration
    }

    /// Whether the user may recalibrate estimates of this type (six-minute walk, VO₂ max).
    public var allowsRecalibrationForEstimates: Bool {
        identifier == HKQuantityTypeIdentifier.sixMinuteWalkTestDistance.rawValue
            || identifier == HKQuantityTypeIdentifier.vo2Max.rawValue
    }

    package var maximumDuration: Double? { 345_600 }
    package var minimumDuration: Double { 0 }
}
