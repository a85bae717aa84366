import Foundation
internal import GRDB
import Synchronization

/// The units people expect to read each type in.
enum PreferredUnits {
    static func unit(for type: HKQuantityType, imperial: Bool) -> HKUnit {
        let canonical = type.canonicalUnit
        let d = canonical.dimension
        if d == .frequency { return HKUnit.count().unitDivided(by: .minute()) }
        if d == .energy { return .kilocalorie() }
        if d == .temperature { return imperial ? .degreeFahrenheit() : .degreeCelsius() }
        if d == .mass, type.quantityTypeIdentifier == .bodyMass || type.quantityTypeIdentifier == .leanBodyMass {
            return imperial ? .pound() : .gramUnit(with: .kilo)
        }
        if d == .length {
            switch type.quantityTypeIdentifier {
            case .height, .waistCircumference: return imperial ? .inch() : .meterUnit(with: .centi)
            case .distanceSwimming: return imperial ? .yard() : .meter()
            default:
                if type.aggregationStyle == .cumulative { return imperial ? .mile() : .meterUnit(with: .kilo) }
                return canonical
            }
        }
        if d == .speed { return imperial ? HKUnit.mile().unitDivided(by: .hour()) : HKUnit.meterUnit(with: .kilo).unitDivided(by: .hour()) }
        if d == .volume, type.quantityTypeIdentifier == .dietaryWater { return imperial ? .fluidOunceUS() : .literUnit(with: .milli) }
        return canonical
    }
}
