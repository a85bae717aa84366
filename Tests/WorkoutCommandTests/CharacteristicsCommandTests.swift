import Foundation
import OpenHealthKit
import TestSupport
import Testing

extension BlockingCommandSuites {
/// `workout characteristics`: what it sets is what a HealthKit app's live workout estimates energy from.
@Suite(.timeLimit(.minutes(10))) struct CharacteristicsCommandTests {
    @Test func whatItSetsIsTheEnergyProfileOfAnAppsLiveWorkout() async throws {
        let path = Scratch.url("characteristics").appendingPathComponent("health.sqlite").path
        let empty = try await WorkoutProcess.run(["characteristics", "--store", path])
        #expect(empty.status == 0 && empty.stdout.contains("date of birth  not set"), "\(empty.stderr)")
        let set = try await WorkoutProcess.run(["characteristics", "--date-of-birth", "1990-06-01", "--sex", "female", "--mass", "61", "--height", "168",
                                          "--json", "--store", path])
        #expect(set.status == 0, "\(set.stderr)")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(set.stdout.utf8)) as? [String: Any])
        #expect(shown["dateOfBirth"] as? String == "1990-06-01" && shown["sex"] as? String == "female")
        #expect(shown["massKilograms"] as? Double == 61 && shown["heightCentimeters"] as? Double == 168)
        let bad = try await WorkoutProcess.run(["characteristics", "--mass", "0", "--store", path])
        #expect(bad.status != 0 && bad.stderr.contains("--mass 0.0: give kilograms"), "\(bad.stderr)")

        // An app's live workout on that store, on 2026-06-14: a 36-year-old woman of 61 kg and 168 cm, nothing assumed.
        let store = HKHealthStore(location: .file(path))
        try await store.requestAuthorization(toShare: [HKWorkoutType()], read: [HKQuantityType(.heartRate)])
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let clock = VirtualClock(start: Date(timeIntervalSince1970: 1_781_424_000))
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, configuredBy: [:])
        builder.dataSource = dataSource
        let profile = try #require(dataSource.athleteProfile)
        #expect(profile.sex == .female && profile.age == 36 && profile.massKilograms == 61 && profile.heightCentimeters == 168)
        #expect(!dataSource.failures.contains { $0.hasPrefix("energy:") }, "\(dataSource.failures)")
        session.end()
    }
}
}

/// The suite by its own name, for the helpers other suites share.
typealias CharacteristicsCommandTests = BlockingCommandSuites.CharacteristicsCommandTests

