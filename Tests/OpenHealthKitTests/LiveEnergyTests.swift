import Foundation
import Testing
import OpenHealthKit

@Suite(.timeLimit(.minutes(10))) struct LiveEnergyTests {
    let athlete = AthleteProfile(sex: .male, age: 35, massKilograms: 75, heightCentimeters: 180)
    let active = HKQuantityType(.activeEnergyBurned), basal = HKQuantityType(.basalEnergyBurned)

    /// A running session with a data source fed by `readings`, finished after `seconds`.
    func run(_ activity: HKWorkoutActivityType, profile: AthleteProfile?, seconds: Double,
             readings: [WorkoutReading]) async throws -> (HKLiveWorkoutBuilder, HKLiveWorkoutDataSource, HKWorkout) {
        let types: [HKSampleType] = [heartRate, active, basal, HKQuantityType(.cyclingPower), HKQuantityType(.runningSpeed),
                                     HKQuantityType(.distanceWalkingRunning), HKWorkoutType(), HKSeriesType.workoutRoute()]
        let (store, _) = try await makeAuthorizedStore(types)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activity
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: at(0)))
        let builder = session.associatedWorkoutBuilder()
        let source = ControlledSource()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [source])
        dataSource.athleteProfile = profile
        builder.dataSource = dataSource
        session.startActivity(with: at(0))
        try await builder.beginCollection(at: at(0))
        for reading in readings { source.send(reading) }
        source.finish()
        await dataSource.untilSourcesFinish()
        try await builder.endCollection(at: at(seconds))
        let workout = try #require(try await builder.finishWorkout())
        session.end()
        #expect(dataSource.failures.isEmpty, "\(dataSource.failures)")
        return (builder, dataSource, workout)
    }

    func kilocalories(_ builder: HKLiveWorkoutBuilder, _ type: HKQuantityType) -> Double {
        builder.statistics(for: type)?.sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0
    }

    @Test func heartRateWithAProfileUsesKeytelAndDropsTheStrapsEnergy() async throws {
        var readings: [WorkoutReading] = stride(from: 0.0, through: 60, by: 5).map { .quantity(heartRateSample(150, at: $0)) }
        readings.append(.quantity(HKQuantitySample(type: active, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 99), start: at(0), end: at(60))))
        let (builder, _, workout) = try await run(.running, profile: athlete, seconds: 60, readings: readings)
        let expected = EnergyModels.keytelKilocaloriesPerMinute(heartRate: 150, profile: athlete)
        #expect(abs(kilocalories(builder, active) - expected) < 1e-9)
        #expect(abs(kilocalories(builder, basal) - EnergyModels.basalKilocaloriesPerDay(profile: athlete) * 60 / 86_400) < 1e-9)
        let mets = try #require(workout.metadata?[HKMetadataKeyAverageMETs] as? HKQuantity).doubleValue(for: HKUnit(from: "kcal/kg·hr"))
        #expect(abs(mets - expected / 75 * 60) < 1e-9)
    }

    @Test func withoutAProfileTheStrapsEnergyIsKept() async throws {
        let readings: [WorkoutReading] = [.quantity(heartRateSample(150, at: 0)), .quantity(heartRateSample(150, at: 5)),
                                          .quantity(HKQuantitySample(type: active, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 12), start: at(0), end: at(5)))]
        let (builder, _, _) = try await run(.running, profile: nil, seconds: 10, readings: readings)
        #expect(kilocalories(builder, active) == 12)
        #expect(kilocalories(builder, basal) == 0)
    }

    @Test func powerTakesPrecedenceOverHeartRate() async throws {
        var readings: [WorkoutReading] = []
        for second in 0...10 {
            readings.append(.quantity(HKQuantitySample(type: HKQuantityType(.cyclingPower), quantity: HKQuantity(unit: .watt(), doubleValue: 200),
                                                       start: at(Double(second)), end: at(Double(second)))))
            readings.append(.quantity(heartRateSample(160, at: Double(second))))
        }
        let (builder, _, _) = try await run(.cycling, profile: athlete, seconds: 10, readings: readings)
        #expect(abs(kilocalories(builder, active) - EnergyModels.kilocaloriesPerMinute(watts: 200) * 10 / 60) < 1e-9)
    }

    @Test func metsFromSpeedWhenThereIsNoHeartRateOrPower() async throws {
        let readings: [WorkoutReading] = (0...30).map { second in
            .location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48 + Double(second) * 2.78 / 111_200, longitude: 11), altitude: 500,
                                 horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 2.78, timestamp: at(Double(second))))
        }
        let (builder, _, _) = try await run(.running, profile: athlete, seconds: 30, readings: readings)
        let mets = try #require(EnergyModels.mets(for: .running, metersPerSecond: 2.78))
        #expect(abs(kilocalories(builder, active) - EnergyModels.kilocaloriesPerMinute(mets: mets, massKilograms: 75) * 30 / 60) < 1e-9)
    }
}
