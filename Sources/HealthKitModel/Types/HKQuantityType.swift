

/// The type of quantity samples: heart rate, steps, energy, distance and the rest.
///
/// ```swift
/// let heartRate = HKQuantityType(.heartRate)
/// heartRate.aggregationStyle                            // .discreteArithmetic
/// heartRate.is(compatibleWith: HKUnit(from: "count/min"))  // true
/// ```
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// The identifier as a typed value.
    public let quantityTypeIdentifier: HKQuantityTypeIdentifier
    package let entry: QuantityTypeTable.Entry

    /// The quantity type for `identifier`. Traps on an identifier Apple does not define.
    public init(_ identifier: HKQuantityTypeIdentifier) {
        guard let entry = QuantityTypeTable.standard[identifier] else {
            fatalError("Unknown quantity type identifier \(identifier.rawValue)")
        }
        self.quantityTypeIdentifier = identifier
        self.entry = entry
        super.init(identifier: identifier.rawValue)
    }

    /// How samples of this type combine in statistics.
    public var aggregationStyle: HKQuantityAggregationStyle { entry.aggregationStyle }

    /// The unit statistics for this type are computed in.
    public var canonicalUnit: HKUnit { entry.canonicalUnit }

    /// Whether quantities in `unit` can be stored in samples of this type.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        unit.isCompatible(with: entry.canonicalUnit)
    }

    package override var maximumDuration: Double? { entry.maximumDuration }
    package override var minimumDuration: Double { entry.minimumDuration }
}
