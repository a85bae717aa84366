package import Foundation
internal import GRDB

extension HKHealthStore {
    /// The facts a live data source estimates energy from, as HealthKit takes them from the
    /// user's characteristics: date of birth and biological sex from the profile
    /// (``setUserProfile(_:)``), body mass and height (and resting heart rate, when there is
    /// one) from their latest samples, whichever app saved them. The data source is the
    /// system's, so it reads them whatever the app may read.
    ///
    /// What is not in the store is taken from ``assumedProfile`` and named in `assumed`.
    ///
    /// - Parameter date: when the workout happens, for the age.
    package func energyProfile(at date: Date) -> (profile: AthleteProfile, assumed: [String]) {
        var profile = Self.assumedProfile
        var assumed: [String] = []
        let database = try? database()
        let user = (try? storedUserProfile()) ?? nil
        if let birth = user?.dateOfBirth, let born = Calendar(identifier: .gregorian).date(from: birth), born < date {
            profile.age = (date.timeIntervalSince(born) / (365.2425 * 86_400)).rounded(.down)
        } else {
            assumed.append("age \(Int(profile.age))")
        }
        switch user?.biologicalSex {
        case .female: profile.sex = .female
        case .male: profile.sex = .male
        default: assumed.append("\(profile.sex.rawValue) formulas")
        }
        func latest(_ identifier: HKQuantityTypeIdentifier, in unit: HKUnit) -> Double? {
            guard let database else { return nil }
            var query = ObjectQuery(types: [HKQuantityType(identifier)], filter: nil)
            query.sqlOrder = "object.start DESC"
            query.limit = 1
            let sample = (try? database.writer.read { db in try ObjectReader(database: database).objects(query, in: db) })?.first as? HKQuantitySample
            return sample?.quantity.doubleValue(for: unit)
        }
        if let mass = latest(.bodyMass, in: .gramUnit(with: .kilo)), mass > 0 { profile.massKilograms = mass } else {
            assumed.append("\(Int(profile.massKilograms)) kg")
        }
        if let height = latest(.height, in: .meterUnit(with: .centi)), height > 0 { profile.heightCentimeters = height } else {
            assumed.append("\(Int(profile.heightCentimeters)) cm")
        }
        profile.restingHeartRate = latest(.restingHeartRate, in: .count().unitDivided(by: .minute()))
        return (profile, assumed)
    }

    /// The person energy is estimated for when the store does not say: ``AthleteProfile/assumed``, the scenarios'
    /// default athlete too.
    static let assumedProfile = AthleteProfile.assumed
}
