import Foundation

/// A quantity the live data source derived from readings (energy, distance,
/// speed), held as plain values until it is written: the sample object, with
/// its identifier, is made on the writer's task, off the path that keeps
/// statistics current. Plain values copy as bytes, so buffers of them move
/// between the data source and the writer without reference counting.
struct DerivedQuantity: Sendable {
    /// The types a data source derives, by ``typeIndex``: energy, then each
    /// activity's distance and speed, taken from the same mappings the data
    /// source uses, so that neither can gain a type the other lacks.
    static let types: [HKQuantityType] = {
        var identifiers: [HKQuantityTypeIdentifier] = [.activeEnergyBurned, .basalEnergyBurned]
        for activity in HKWorkoutActivityType.allCases {
            for identifier in [HKWorkout.distanceType(for: activity), LiveReadingsMachine.speedType(for: activity)].compactMap({ $0 })
            where !identifiers.contains(identifier) {
                identifiers.append(identifier)
            }
        }
        return identifiers.map(HKQuantityType.init)
    }()
    /// Index of active energy in ``types``.
    static let activeEnergy: UInt8 = 0
    /// Index of basal energy in ``types``.
    static let basalEnergy: UInt8 = 1

    /// The index of `type` in ``types``, if a data source derives it.
    static func index(of type: HKQuantityType) -> UInt8? {
        types.firstIndex(of: type).map(UInt8.init)
    }

    /// The quantity's type, as an index in ``types``.
    let typeIndex: UInt8
    /// The value in the type's canonical unit.
    let value: Double
    let start: Date
    let end: Date

    /// The quantity's type.
    var type: HKQuantityType { Self.types[Int(typeIndex)] }

    /// The sample to save.
    var sample: HKQuantitySample {
        HKQuantitySample(type: type, quantity: HKQuantity(unit: type.canonicalUnit, doubleValue: value), start: start, end: end)
    }

    /// The builder's row: what ``StatisticRow/init(_:)`` makes of ``sample``.
    var row: StatisticRow {
        StatisticRow(start: start.timeIntervalSince1970, end: end.timeIntervalSince1970, value: value, source: 0, count: 1)
    }
}
