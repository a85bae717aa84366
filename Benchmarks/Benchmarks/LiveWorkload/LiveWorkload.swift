public import Foundation
public import OpenHealthKit

/// The live builder's workload, shared by its benchmarks and its
/// instruction count: 1 Hz heart rate and positions of a run, handed to a
/// data source as a scenario replay hands them over.
public enum LiveWorkload {
    /// When the workload's run starts.
    public static let start = Date(timeIntervalSince1970: 1_704_067_200)

    /// An hour and a bit of 1 Hz heart rate and positions at 3 m/s, round a
    /// loop of about 1.9 km: every bearing, so the distance between fixes is
    /// never the special case of a meridian.
    public static func hourOfReadings() -> [WorkoutReading] {
        let bpm = HKUnit.count().unitDivided(by: .minute())
        var latitude = 48.0, longitude = 11.0
        return (0..<3728).flatMap { second -> [WorkoutReading] in
            let t = start.addingTimeInterval(Double(second))
            let bearing = Double(second) * 0.01
            latitude += 3 * cos(bearing) / 111_200
            longitude += 3 * sin(bearing) / (111_200 * cos(latitude * .pi / 180))
            return [.quantity(HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 150), start: t, end: t)),
                    .location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 500,
                                         horizontalAccuracy: 4, verticalAccuracy: 6, course: (bearing * 180 / .pi).truncatingRemainder(dividingBy: 360),
                                         speed: 3, timestamp: t))]
        }
    }

    /// A running workout in progress.
    public struct Workout: Sendable {
        /// The session, running.
        public let session: HKWorkoutSession
        /// Its live builder, collecting.
        public let builder: HKLiveWorkoutBuilder
        /// The builder's data source.
        public let dataSource: HKLiveWorkoutDataSource
        /// The store's folder, for the caller to remove.
        public let folder: URL
    }

    /// A running outdoor run collecting into a new file store from `sources`,
    /// saving what it collects or not.
    public static func runningWorkout(sources: [any WorkoutDataSource], saving: Bool = true) async throws -> Workout {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-live-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("health.sqlite").path
        let store = HKHealthStore(location: .file(path), source: HKSource(name: "Bench", bundleIdentifier: "org.openhealthkit.bench"))
        let types: Set<HKSampleType> = [HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.runningSpeed),
                                        HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned), HKWorkoutType(), HKSeriesType.workoutRoute()]
        try await store.requestAuthorization(toShare: types, read: Set(types.map { $0 as HKObjectType }))
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: VirtualClock(start: start))
        let builder = session.associatedWorkoutBuilder()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: sources)
        dataSource.athleteProfile = AthleteProfile(sex: .female, age: 30, massKilograms: 60, heightCentimeters: 168)
        dataSource.savesCollectedData = saving
        builder.dataSource = dataSource
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        return Workout(session: session, builder: builder, dataSource: dataSource, folder: folder)
    }

    /// Hands `readings` over in batches of 256, as a scenario replay does.
    public static func deliverInBatches(_ readings: ArraySlice<WorkoutReading>, to dataSource: HKLiveWorkoutDataSource) async {
        var offset = readings.startIndex
        while offset < readings.endIndex {
            await dataSource.deliver(readings[offset..<min(offset + 256, readings.endIndex)], from: "bench")
            offset += 256
        }
    }
}
