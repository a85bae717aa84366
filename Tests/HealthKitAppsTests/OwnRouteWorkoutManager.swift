import OpenHealthKit

/// A workout manager that builds its own route from Core Location, as most running and
/// cycling apps do: a `CLLocationManager` delegate filters fixes by accuracy and inserts
/// them into a standalone `HKWorkoutRouteBuilder`, finished with the workout.
final class OwnRouteWorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, CLLocationManagerDelegate, @unchecked Sendable {
    let healthStore: HKHealthStore
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var routeBuilder: HKWorkoutRouteBuilder?
    let locationManager = CLLocationManager()

    private let lock = NSLock()
    private var _fixes = 0
    private var _authorized = false

    var fixesInserted: Int { lock.withLock { _fixes } }
    var locationAuthorized: Bool { lock.withLock { _authorized } }

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
        super.init()
        locationManager.delegate = self
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.distanceFilter = kCLDistanceFilterNone
        locationManager.activityType = .fitness
        locationManager.allowsBackgroundLocationUpdates = true
    }

    func requestAuthorization() async throws {
        let share: Set<HKSampleType> = [HKObjectType.workoutType(), HKSeriesType.workoutRoute()]
        let read: Set<HKObjectType> = [HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.activeEnergyBurned)]
        try await healthStore.requestAuthorization(toShare: share, read: read)
        locationManager.requestWhenInUseAuthorization()
    }

    func startWorkout() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        session.delegate = self
        builder.delegate = self
        self.session = session
        self.builder = builder
        routeBuilder = HKWorkoutRouteBuilder(healthStore: healthStore, device: nil)
        let start = Date()
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        locationManager.startUpdatingLocation()
    }

    /// Ends the workout and attaches the app's own route to it.
    func finish() async throws -> (HKWorkout, HKWorkoutRoute?) {
        locationManager.stopUpdatingLocation()
        session?.end()
        try await builder?.endCollection(at: Date())
        guard let workout = try await builder?.finishWorkout() else { throw HKError(.errorNoData, "no workout") }
        let route = fixesInserted > 0 ? try await routeBuilder?.finishRoute(with: workout, metadata: nil) : nil
        return (workout, route)
    }

    // MARK: CLLocationManagerDelegate

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let authorized = manager.authorizationStatus == .authorizedWhenInUse || manager.authorizationStatus == .authorizedAlways
        lock.withLock { _authorized = authorized }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        // Keep the fixes good enough for a route.
        let filtered = locations.filter { $0.horizontalAccuracy >= 0 && $0.horizontalAccuracy < 50 }
        guard !filtered.isEmpty, let routeBuilder else { return }
        lock.withLock { _fixes += filtered.count }
        routeBuilder.insertRouteData(filtered) { _, _ in }
    }

    // MARK: Session and builder delegates

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState, date: Date) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}
}
