import Foundation
import OpenHealthKit
import Testing
import TestSupport

/// Workout managers written as HealthKit apps write them, run against a scenario named in
/// `OPENHEALTHKIT_SOURCES` in real time, as an app would be run here. Each manager file
/// imports nothing but `OpenHealthKit`.
@Suite(.timeLimit(.minutes(10))) struct HealthKitAppsTests {
    static func scenario(_ name: String) throws -> URL { try AppScenario.file(name) }

    static func store(_ name: String) -> HKHealthStore { AppScenario.store(name) }

    static func wait(seconds: Double) async throws { try await AppScenario.wait(seconds: seconds) }

    @Test func aManagerThatSharesOnlyTheWorkoutSeesHeartRateEnergyAndDistanceGrow() async throws {
        let scenario = try Self.scenario("sample-style")
        let store = Self.store("sample-style")
        let manager = SampleStyleWorkoutManager(healthStore: store)
        try await manager.requestAuthorization()
        try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]) {
            try await manager.startWorkout(workoutType: .running)
        }
        let started = Date()
        let builder = try #require(manager.builder)
        let dataSource = try #require(builder.dataSource)
        #expect(dataSource.configurationError == nil)
        try await Self.wait(seconds: 8)
        let pausedAt = Date()
        manager.pause()
        try await Self.wait(seconds: 4)
        let pausedElapsed = builder.elapsedTime
        let resumedAt = Date()
        manager.resume()
        await dataSource.untilSourcesFinish()
        let elapsed = builder.elapsedTime
        // What the app's own clock says ran: from the start, less the pause.
        let ran = Date().timeIntervalSince(started) - resumedAt.timeIntervalSince(pausedAt)
        manager.endWorkout()
        while manager.workout == nil, manager.error == nil { try await Self.wait(seconds: 0.1) }

        #expect(manager.error == nil, "\(String(describing: manager.error))")
        #expect(manager.heartRate > 60, "heart rate \(manager.heartRate)")
        #expect(manager.activeEnergy > 0, "energy \(manager.activeEnergy)")
        #expect(manager.distance > 30, "distance \(manager.distance)")
        // They grew while running, and never went back.
        #expect(manager.energyReadings.count > 3 && manager.energyReadings == manager.energyReadings.sorted())
        #expect(manager.distanceReadings.count > 3 && manager.distanceReadings == manager.distanceReadings.sorted())
        // The pause is left out of the elapsed time, as the app's own clock measures it.
        #expect(abs(pausedElapsed - pausedAt.timeIntervalSince(started)) < 1.5, "elapsed at the pause \(pausedElapsed)")
        #expect(abs(elapsed - ran) < 1.5 && elapsed < Date().timeIntervalSince(started) - 3, "elapsed \(elapsed), ran \(ran)")
        // The workout is saved with its statistics, attributed to the app, with the route the data source recorded?
        // No: the app may not share routes, so there is none, and one notice says so.
        let workout = try #require(manager.workout)
        #expect((workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: HKUnit(from: "count/min")) ?? 0) > 60)
        #expect((workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()) ?? 0) > 30)
        #expect((workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0) > 0)
        #expect(dataSource.failures.filter { $0.hasPrefix("route:") }.count == 1, "\(dataSource.failures)")
        // No characteristics in this store: energy assumed them, and said which.
        #expect(dataSource.failures.contains { $0.hasPrefix("energy:") && $0.contains("age 35") }, "\(dataSource.failures)")

        // The statistics archive, as an app sends them to its companion, and print for the debugger.
        let statistics = try #require(workout.statistics(for: HKQuantityType(.heartRate)))
        let archived = try NSKeyedArchiver.archivedData(withRootObject: statistics, requiringSecureCoding: true)
        let unarchived = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKStatistics.self, from: archived))
        #expect(unarchived.averageQuantity() == statistics.averageQuantity() && unarchived.quantityType == statistics.quantityType)
        #expect(unarchived.startDate == statistics.startDate && unarchived.endDate == statistics.endDate)
        #expect(statistics.debugDescription.hasPrefix("<HKStatistics HKQuantityTypeIdentifierHeartRate") && statistics.debugDescription.contains("average"))
    }

    @Test func anAppThatBuildsItsOwnRouteEndsWithOneRouteOfItsOwnFixes() async throws {
        let scenario = try Self.scenario("own-route")
        let store = Self.store("own-route")
        let manager = try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]) {
            // The location manager hears the environment's sources, as the data source does.
            let manager = OwnRouteWorkoutManager(healthStore: store)
            try await manager.requestAuthorization()
            try await manager.startWorkout()
            return manager
        }
        let dataSource = try #require(manager.builder?.dataSource)
        await dataSource.untilSourcesFinish()
        // The authorization reaches the app's delegate on its own queue: waited for, not assumed after a second.
        #expect(try await eventually(within: .seconds(60)) { manager.locationAuthorized })
        // The fixes reach the app's delegate on its own queue after the sources end: waited for, not a second's grace.
        #expect(try await eventually(within: .seconds(60)) { manager.fixesInserted > 15 }, "fixes \(manager.fixesInserted)")
        let (workout, route) = try await manager.finish()
        #expect(manager.fixesInserted > 15, "fixes \(manager.fixesInserted)")
        let ownRoute = try #require(route)
        let routes = try await HKSampleQueryDescriptor(predicates: [.workoutRoute(HKQuery.predicateForObjects(from: workout))], sortDescriptors: [])
            .result(for: store)
        #expect(routes.map(\.uuid) == [ownRoute.uuid], "one route: the app's")
        #expect(ownRoute.count > 15)
    }

    @Test func aHistoryScreenReadsWorkoutsRoutesEnergyRingsAndAnEmptyStatistic() async throws {
        // A workout recorded the way the route test records one, then read by a screen of another app.
        let scenario = try Self.scenario("history")
        let store = Self.store("history")
        let manager = try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]) {
            let manager = OwnRouteWorkoutManager(healthStore: store)
            try await manager.requestAuthorization()
            try await manager.startWorkout()
            return manager
        }
        await manager.builder?.dataSource?.untilSourcesFinish()
        let (recorded, _) = try await manager.finish()

        let screen = HistoryScreen(healthStore: HKHealthStore(location: store.location, source: HKSource(name: "History", bundleIdentifier: "org.example.history")))
        try await screen.requestAuthorization()
        let workouts = try await screen.latestWorkouts()
        #expect(workouts.map(\.uuid) == [recorded.uuid])
        #expect(try await screen.route(of: recorded).count > 15)
        let week = try await screen.weeklyEnergy(endingAt: recorded.endDate)
        #expect(week.reduce(0) { $0 + $1.1 } > 0)
        let rings = try #require(try await screen.todaysRings(at: recorded.endDate))
        #expect(rings.activeEnergyBurned.doubleValue(for: .kilocalorie()) > 0)
        #expect(rings.appleStandHours.doubleValue(for: .count()) >= 1)
        #expect(rings.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 400)
        let (strokes, error) = await screen.strokesToday(at: recorded.endDate)
        #expect(strokes == nil)
        #expect((error as? HKError)?.code == .errorNoData, "\(String(describing: error))")
    }

    @Test func aWatchAppMirrorsToItsPhoneAppWhichSeesTheStatisticsAndEndsTheWorkout() async throws {
        let scenario = try Self.scenario("mirroring")
        let folder = Scratch.url("mirroring")
        let location = StoreLocation.file(folder.appendingPathComponent("health.sqlite").path)
        // Two apps on one store, as the watch and the phone share the user's data.
        let phone = PhoneWorkoutManager(healthStore: HKHealthStore(location: location))
        let watch = WatchWorkoutManager(healthStore: HKHealthStore(location: location))
        try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]) { try await watch.startWorkout() }
        while phone.heartRate == 0 { try await Self.wait(seconds: 0.2) }
        #expect(phone.heartRate > 60)
        #expect(watch.statisticsSent > 0)
        let mirrored = try #require(phone.session)
        #expect(mirrored.type == .mirrored && mirrored.state == .running)
        try await mirrored.sendToRemoteWorkoutSession(data: Data("from the phone".utf8))
        mirrored.end()
        while watch.session?.state != .ended { try await Self.wait(seconds: 0.1) }
        while !phone.states.contains(.ended) { try await Self.wait(seconds: 0.1) }
        #expect(watch.received == ["from the phone"])
        phone.healthStore.workoutSessionMirroringStartHandler = nil
    }

    @Test func statisticsAndQuantitiesArchiveForTheCompanionAndPrintForTheDebugger() throws {
        let quantity = HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 142)
        let data = try NSKeyedArchiver.archivedData(withRootObject: quantity, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantity.self, from: data))
        #expect(back == quantity && back.doubleValue(for: HKUnit(from: "count/s")) == 142.0 / 60)
        #expect(HKQuantityType(.heartRate).isEqual(HKQuantityType.quantityType(forIdentifier: .heartRate)))
        #expect(!HKQuantityType(.heartRate).isEqual(HKQuantityType(.stepCount)))
        #expect(HKQuantityType(.heartRate).debugDescription == "HKQuantityTypeIdentifierHeartRate")
        #expect(HKObjectType.seriesType(forIdentifier: HKWorkoutRouteTypeIdentifier) == HKSeriesType.workoutRoute())
        let empty = CLLocation()
        #expect(empty.coordinate.latitude == 0 && empty.horizontalAccuracy < 0)
    }
}
