import Foundation

extension LiveReadingsMachine {
    /// Active and basal energy for the interval a reading closes.
    ///
    /// Priority: power (a power meter measures the work done), then heart rate
    /// through Keytel et al. 2005 with the athlete's profile, then METs from the
    /// activity and Doppler speed (see ``EnergyModels``). Intervals longer than
    /// ``EnergyIntervals/longestInterval`` are not bridged. Basal energy
    /// (Mifflin–St Jeor) covers the same intervals when there is a profile.
    mutating func energy<Sink: LiveActionSink>(after sample: HKQuantitySample, into sink: inout Sink) {
        let type = sample.quantityType
        let date = sample.endDate
        if type == Self.heartRateType {
            let bpm = sample.quantity.doubleValue(for: Self.beatsPerMinute)
            defer { energy.lastHeartRate = (bpm, date) }
            guard let profile, let previous = energy.lastHeartRate, !energy.powerIsRecent(at: date) else { return }
            energy(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.keytelKilocaloriesPerMinute(heartRate: previous.value, profile: profile),
                   into: &sink)
        } else if type == Self.cyclingPowerType || type == Self.runningPowerType {
            let watts = sample.quantity.doubleValue(for: Self.watts)
            defer { energy.lastPower = (watts, date) }
            guard let previous = energy.lastPower else { return }
            energy(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.kilocaloriesPerMinute(watts: previous.value), into: &sink)
        }
    }

    /// METs energy for the interval a fix with Doppler speed closes, when nothing better applies.
    mutating func energy<Sink: LiveActionSink>(afterSpeed location: CLLocation, into sink: inout Sink) {
        guard location.speed >= 0 else { return }
        let date = location.timestamp
        defer { energy.lastSpeed = (location.speed, date) }
        guard let profile, let previous = energy.lastSpeed, !energy.powerIsRecent(at: date), !energy.heartRateIsRecent(at: date),
              let mets = EnergyModels.mets(for: activityType, metersPerSecond: previous.value) else { return }
        energy(from: previous.date, to: date, kilocaloriesPerMinute: EnergyModels.kilocaloriesPerMinute(mets: mets, massKilograms: profile.massKilograms),
               into: &sink)
    }

    /// Active (and, with a profile, basal) energy in kilocalories, the
    /// energy types' canonical unit, for an interval at `rate`.
    private mutating func energy<Sink: LiveActionSink>(from start: Date, to end: Date, kilocaloriesPerMinute rate: Double, into sink: inout Sink) {
        let seconds = end.timeIntervalSince(start)
        guard seconds > 0, seconds <= EnergyIntervals.longestInterval else { return }
        if collectsActiveEnergy, derivesActiveEnergy {
            let kilocalories = rate * seconds / 60
            energy.activeKilocalories += kilocalories
            sink.perform(.derive(DerivedQuantity(typeIndex: DerivedQuantity.activeEnergy, value: kilocalories, start: start, end: end)))
        }
        if let profile, collectsBasalEnergy {
            let kilocalories = EnergyModels.basalKilocaloriesPerDay(profile: profile) * seconds / 86_400
            sink.perform(.derive(DerivedQuantity(typeIndex: DerivedQuantity.basalEnergy, value: kilocalories, start: start, end: end)))
        }
    }
}
