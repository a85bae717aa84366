import Foundation

extension LiveReadingsMachine {
    /// Active and basal energy for the interval a heart-rate or power reading closes, by the models'
    /// priority (``EnergyEstimator``). Basal energy (Mifflin–St Jeor) covers the same intervals when there
    /// is a profile.
    mutating func energy<Sink: LiveActionSink>(after sample: HKQuantitySample, into sink: inout Sink) {
        let type = sample.quantityType
        let date = sample.endDate
        if type == Self.heartRateType {
            derive(energy.heartRate(sample.quantity.doubleValue(for: Self.beatsPerMinute), at: date), into: &sink)
        } else if type == Self.cyclingPowerType || type == Self.runningPowerType {
            derive(energy.power(sample.quantity.doubleValue(for: Self.watts), at: date), into: &sink)
        }
    }

    /// METs energy for the interval a fix with Doppler speed closes, when nothing better applies.
    mutating func energy<Sink: LiveActionSink>(afterSpeed location: CLLocation, into sink: inout Sink) {
        derive(energy.speed(location.speed, at: location.timestamp), into: &sink)
    }

    /// Active (unless the readings carry their own) and basal energy in kilocalories, the energy types'
    /// canonical unit, for an interval the estimator closed.
    private mutating func derive<Sink: LiveActionSink>(_ interval: EnergyEstimator.Interval?, into sink: inout Sink) {
        guard let interval else { return }
        if collectsActiveEnergy, derivesActiveEnergy {
            derivedActiveKilocalories += interval.activeKilocalories
            sink.perform(.derive(DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: interval.activeKilocalories,
                                                 start: interval.start, end: interval.end)))
        }
        if let basal = interval.basalKilocalories, collectsBasalEnergy {
            sink.perform(.derive(DerivedQuantity(typeIndex: DerivedQuantity.basalEnergy, value: basal, start: interval.start, end: interval.end)))
        }
    }
}
