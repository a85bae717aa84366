import Foundation
import Testing
@testable import OpenHealthKitCore

@Suite struct DerivedQuantityTests {
    @Test func everyTypeADataSourceDerivesHasAnIndex() {
        let derived = [HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned), HKQuantityType(.runningSpeed),
                       HKQuantityType(.cyclingSpeed), HKQuantityType(.walkingSpeed)]
            + HKWorkoutActivityType.allCases.map { HKQuantityType(HKWorkout.distanceType(for: $0)) }
        for type in derived {
            let index = DerivedQuantity.index(of: type)
            #expect(index.map { DerivedQuantity.types[Int($0)] } == type, "\(type.identifier) has no index")
        }
        #expect(DerivedQuantity.types[Int(DerivedQuantity.activeEnergy)] == HKQuantityType(.activeEnergyBurned))
        #expect(DerivedQuantity.types[Int(DerivedQuantity.basalEnergy)] == HKQuantityType(.basalEnergyBurned))
        #expect(DerivedQuantity.index(of: HKQuantityType(.heartRate)) == nil)
    }

    @Test(arguments: DerivedQuantity.types.indices)
    func theCountedRowIsTheSavedSamplesRow(index: Int) {
        // What the builder counts at once must be exactly what a query over the saved sample gives.
        let quantity = DerivedQuantity(typeIndex: UInt8(index), value: 0.1 + 0.2, start: at(10.3), end: at(index.isMultiple(of: 2) ? 11.7 : 10.3))
        let sample = quantity.sample
        #expect(sample.quantityType == DerivedQuantity.types[index])
        #expect(sample.startDate == quantity.start && sample.endDate == quantity.end)
        #expect(sample.quantity.doubleValue(for: sample.quantityType.canonicalUnit) == quantity.value)
        let row = StatisticRow(sample)
        #expect(row.start == quantity.row.start && row.end == quantity.row.end && row.value == quantity.row.value)
        #expect(row.source == quantity.row.source && row.count == quantity.row.count)
    }

    @Test func energyIsKeptInKilocalories() {
        let quantity = DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: 12.5, start: at(0), end: at(60))
        #expect(quantity.sample.quantity.doubleValue(for: .kilocalorie()) == 12.5)
        #expect(abs(quantity.sample.quantity.doubleValue(for: .jouleUnit(with: .kilo)) - 12.5 * 4.184) < 1e-9)
    }
}
