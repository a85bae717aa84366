import Foundation
import OpenHealthKit
import TestSupport
import Testing
import TrainingMetrics
import WorkoutServer
@testable import workout

/// One recording's snapshots, as the dashboard draws them and as the live page receives them: the same
/// figures from the same ``LiveSnapshot``.
@Suite(.timeLimit(.minutes(10))) struct LiveSnapshotTests {
    static let start = Date(timeIntervalSince1970: 1_767_000_000)
    static let perMinute = HKUnit.count().unitDivided(by: .minute())

    /// A ride of `seconds` seconds on a virtual clock: a 3D fix every second, climbing 1 m per 20 m at 8 m/s,
    /// heart rate 150, cadence 90, power 240, with `snapshotter` taking a snapshot each second as the
    /// recording loop does and a lap at `lapAt` seconds; the session, builder and data source, and the clock.
    static func ride(seconds: Int, snapshotter: LiveSnapshotter, lapAt: Int? = nil, sharesRoute: Bool = true, powerFrom: Int = 0,
                     watts: @escaping (Int) -> Double = { _ in 240 }, cadence: @escaping (Int) -> Double = { _ in 90 }) async throws
        -> (HKWorkoutSession, HKLiveWorkoutBuilder, HKLiveWorkoutDataSource, VirtualClock) {
        let folder = Scratch.url("snapshot")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = HKHealthStore(location: .file(folder.appendingPathComponent("store.sqlite").path))
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .cycling
        configuration.locationType = .outdoor
        let clock = VirtualClock(start: start)
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        let builder = session.associatedWorkoutBuilder()
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: [])
        dataSource.enableCollection(for: HKQuantityType(.cyclingCadence), predicate: nil)
        dataSource.enableCollection(for: HKQuantityType(.cyclingPower), predicate: nil)
        let types: Set<HKSampleType> = Set(dataSource.typesToCollect.map { $0 as HKSampleType }).union([HKWorkoutType()] + (sharesRoute ? [HKSeriesType.workoutRoute()] : []))
        try await store.requestAuthorization(toShare: types, read: types)
        builder.dataSource = dataSource
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        await session.settle(at: .running, within: 5)
        await dataSource.deliver([.status(WorkoutSourceStatus(source: "gps", kind: .fix3D, date: start))], from: "gps")
        for second in 0...seconds {
            var readings: [WorkoutReading] = []
            let date = start.addingTimeInterval(Double(second))
            let meters = Double(second) * 8
            readings.append(.location(CLLocation(coordinate: CLLocationCoordinate2D(latitude: 52 + meters / 111_200, longitude: 4.9), altitude: 10 + meters / 20,
                                                 horizontalAccuracy: 4, verticalAccuracy: 6, course: 0, speed: 8, timestamp: date)))
            readings.append(.quantity(HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: perMinute, doubleValue: 150), start: date, end: date)))
            readings.append(.quantity(HKQuantitySample(type: HKQuantityType(.cyclingCadence), quantity: HKQuantity(unit: perMinute, doubleValue: cadence(second)), start: date, end: date)))
            if second >= powerFrom {
                readings.append(.quantity(HKQuantitySample(type: HKQuantityType(.cyclingPower), quantity: HKQuantity(unit: .watt(), doubleValue: watts(second)), start: date, end: date)))
            }
            clock.set(to: date)
            await dataSource.deliver(readings, from: "gps")
            await dataSource.flush()
            if second == lapAt { #expect(snapshotter.startLap(builder: builder, at: date).number == 1) }
            _ = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: date)
        }
        return (session, builder, dataSource, clock)
    }

    @Test func theDashboardAndTheLivePageShowTheSameFiguresFromOneSnapshot() async throws {
        let zones = HeartRateZones(maximum: 190)
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: zones)
        let (session, builder, dataSource, clock) = try await Self.ride(seconds: 120, snapshotter: snapshotter, lapAt: 60)
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)

        // The figures themselves, from the ride.
        #expect(snapshot.state == .running)
        #expect(abs(snapshot.elapsedSeconds - 120) < 0.001)
        #expect(abs(snapshot.distanceMeters - 960) < 2, "\(snapshot.distanceMeters)")
        #expect(snapshot.lap == 2)
        #expect(abs(snapshot.lapSeconds - 60) < 0.001)
        #expect(snapshot.speed == 8)
        #expect(snapshot.heartRate == 150)
        #expect(snapshot.heartRateZone == zones.zone(of: 150))
        #expect(snapshot.cadence == 90)
        #expect(snapshot.power == 240)
        #expect(snapshot.lapAveragePower == 240)
        #expect(snapshot.elevationMeters == 58)
        #expect(abs((snapshot.gradePercent ?? 0) - 5) < 0.01, "\(String(describing: snapshot.gradePercent))")
        #expect(snapshot.gps?.kind == .fix3D)
        #expect(snapshot.warnings == nil, "a recording without trouble has no warnings")

        // The live page gets exactly this snapshot, through the publisher and the feed.
        let feed = LiveFeed(wallClock: { Self.start })
        let publisher = LivePublisher(feed: feed, session: session, dataSource: dataSource, snapshotter: snapshotter, clock: clock)
        publisher.publish(builder)
        await publisher.finish(workoutID: nil, url: "https://club.example/workouts/1", builder: builder)
        var page = try #require(await feed.latest)
        #expect(page.state == .ended)
        #expect(page.workoutURL == "https://club.example/workouts/1")
        page.state = snapshot.state
        page.workoutURL = nil
        #expect(page == snapshot, "the page got \(String(describing: page)), the dashboard \(String(describing: snapshot))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(await feed.snapshotJSON().utf8)) as? [String: Any])
        let status = try #require(json["status"] as? [String: Any])
        #expect(status["distanceMeters"] as? Double == snapshot.distanceMeters)
        #expect(status["power"] as? Double == 240)
        #expect((status["gps"] as? [String: Any])?["text"] as? String == snapshot.gps?.text)

        // The guidance's lines travel in every snapshot the snapshotter takes from when the recording sets them, those
        // the builder's readings prompt included: the page gets the dashboard's words, and never loses them between turns.
        let lines = ["COURSE 1.20 km, 3.80 to go   next: left in 150 m", "STEP 2/8 Sweet spot 1/3  220–233 W  now 226 ok  7:12 left"]
        snapshotter.guidance = lines
        let guided = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        #expect(guided.guidance == lines)
        snapshotter.guidance = []
        #expect(snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now).guidance == nil)
        await feed.publish(guided)
        let sent = try #require(try JSONSerialization.jsonObject(with: Data(await feed.snapshotJSON().utf8)) as? [String: Any])
        #expect((sent["status"] as? [String: Any])?["guidance"] as? [String] == guided.guidance)
        let guidedScreen = RecordDashboard.render(DashboardState(snapshot: guided, timeOfDay: "10:00:00"), width: 100, height: 19)
        #expect(guidedScreen[1].hasPrefix(" COURSE 1.20 km, 3.80 to go") && guidedScreen[2].hasPrefix(" STEP 2/8 Sweet spot 1/3  220–233 W"), "\(guidedScreen)")

        // The dashboard draws the same snapshot (19 rows: the figures as text, not big digits).
        let screen = RecordDashboard.render(DashboardState(snapshot: snapshot, timeOfDay: "10:00:00"), width: 100, height: 19).joined(separator: "\n")
        for text in ["RECORDING", "cycling", "lap 2", String(format: "%.2f km", snapshot.distanceMeters / 1000), "28.8 km/h", "90 rpm", "240 W",
                     "58 m", "+5.0 %", "150 bpm", snapshot.gps?.text ?? "-"] {
            #expect(screen.contains(text), "the dashboard lacks \(text):\n\(screen)")
        }
        session.end()
    }

    /// The averages a snapshot shows are taken in reading by reading (``LiveFigures``): a dashboard that took a
    /// snapshot every second ends with the figures of one that took a single snapshot at the end, coasting (cadence 0)
    /// left out of the cadence, the power meter's late start not counted as zeros, and the climbing the data source's.
    @Test func theAveragesTakenEverySecondAreThoseOfTheWholeRide() async throws {
        let everySecond = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil)
        let (session, builder, dataSource, clock) = try await Self.ride(seconds: 300, snapshotter: everySecond, powerFrom: 3,
                                                                         watts: { 150 + Double($0 % 40) * 5 },
                                                                         cadence: { $0 % 10 == 0 ? 0 : 80 + Double($0 % 7) })
        let last = everySecond.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        let once = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil).snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        #expect(last.averageCadence == once.averageCadence && last.averagePower == once.averagePower && last.averageHeartRate == once.averageHeartRate)
        #expect(last.ascentMeters == once.ascentMeters && last.maximumSpeed == once.maximumSpeed && last.averageSpeed == once.averageSpeed)
        // Cadence: 270 readings of 80–86 rpm turning and 31 of 0, the zeros left out.
        let turning = (0...300).filter { $0 % 10 != 0 }.map { 80 + Double($0 % 7) }
        #expect(abs((last.averageCadence ?? 0) - turning.reduce(0, +) / Double(turning.count)) < 1e-9, "\(String(describing: last.averageCadence))")
        // Power: one value a second from second 3, when the meter was first heard.
        let watts = (3...300).map { 150 + Double($0 % 40) * 5 }
        #expect(abs((last.averagePower ?? 0) - watts.reduce(0, +) / Double(watts.count)) < 1e-9, "\(String(describing: last.averagePower))")
        #expect(last.averageHeartRate == 150)
        // 1 m up every 20 m for 2,400 m, counted with 3 m hysteresis.
        #expect((117...120).contains(last.ascentMeters ?? 0), "\(String(describing: last.ascentMeters))")
        let screen = RecordDashboard.render(DashboardState(snapshot: last, timeOfDay: "10:00:00"), width: 100, height: 19).joined(separator: "\n")
        for text in [String(format: "%.0f rpm", last.averageCadence ?? 0), String(format: "%.0f W", last.averagePower ?? 0), String(format: "%.0f m", last.ascentMeters ?? 0)] {
            #expect(screen.contains(text), "the dashboard lacks \(text):\n\(screen)")
        }
        session.end()
    }

    /// Trouble in force reaches the dashboard and the live page from the snapshot, typed: here the route, which the
    /// app may not share, so positions count toward distance and no route is saved.
    @Test func troubleInForceIsShownOnTheDashboardAndTheLivePage() async throws {
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil)
        let (session, builder, dataSource, clock) = try await Self.ride(seconds: 10, snapshotter: snapshotter, sharesRoute: false)
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        let warnings = try #require(snapshot.warnings, "no warning in \(snapshot)")
        #expect(warnings.map(\.kind) == [.route])
        #expect(warnings[0].message.hasPrefix("route: positions count toward distance, but no route is saved"))
        let screen = RecordDashboard.render(DashboardState(snapshot: snapshot, timeOfDay: "10:00:00"), width: 200, height: 30).joined(separator: "\n")
        #expect(screen.contains(" ! " + warnings[0].message), "\(screen)")
        let feed = LiveFeed(wallClock: { Self.start })
        await feed.publish(snapshot)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(await feed.snapshotJSON().utf8)) as? [String: Any])
        let sent = try #require((json["status"] as? [String: Any])?["warnings"] as? [[String: Any]])
        #expect(sent.map { $0["kind"] as? String } == ["route"] && sent.first?["message"] as? String == warnings[0].message)
        // Positions still count toward distance.
        #expect(snapshot.distanceMeters > 70)
        session.end()
    }

    @Test func readingsOlderThanTheirWindowAreNotCurrent() async throws {
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil)
        let (session, builder, dataSource, clock) = try await Self.ride(seconds: 30, snapshotter: snapshotter)
        clock.set(to: Self.start.addingTimeInterval(30 + LiveSnapshotter.currentWithin + 1))
        let later = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        #expect(later.speed == nil)
        #expect(later.cadence == nil)
        #expect(later.power == nil)
        #expect(later.heartRate == 150, "heart rate stays current for \(LiveSnapshotter.heartRateCurrentWithin) s")
        #expect(later.averageHeartRate == 150)
        clock.set(to: Self.start.addingTimeInterval(30 + LiveSnapshotter.heartRateCurrentWithin + 1))
        #expect(snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now).heartRate == nil)
        session.end()
    }

    /// The current power is the mean of the last 3 seconds' readings, as head units show it; the lap's power the
    /// mean of its readings since the lap began.
    @Test func powerIsThreeSecondsAndTheLapsMean() async throws {
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil)
        let (session, builder, dataSource, clock) = try await Self.ride(seconds: 20, snapshotter: snapshotter, lapAt: 10) { Double(100 + $0) }
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        let power = try #require(snapshot.power), lapPower = try #require(snapshot.lapAveragePower)
        #expect(abs(power - 119) < 1e-9, "the readings at 18, 19 and 20 s: \(power) W")
        #expect(abs(lapPower - 115) < 1e-9, "the readings from 10 to 20 s: \(lapPower) W")
        let screen = RecordDashboard.render(DashboardState(snapshot: snapshot, timeOfDay: "10:00:00"), width: 100, height: 19).joined(separator: "\n")
        #expect(screen.contains("lap power") && screen.contains("115 W"), "\(screen)")
        session.end()
    }

    /// Several sensors: each by the rider's name for it, with its state and battery, on one dashboard line and in the
    /// live page's JSON; the strap alone keeps its own line.
    @Test func everySensorsStateAndBatteryOnOneLine() async throws {
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: nil, strap: "ble:C4:7A:11:22:33:44",
                                          sensors: [("ble:C4:7A:11:22:33:44", "power"), ("ble:E8:11:00:00:00:0A", "strap"), ("ble:F1:5C:00:00:00:05", "speed")],
                                          zones: nil)
        let (session, builder, dataSource, clock) = try await Self.ride(seconds: 5, snapshotter: snapshotter)
        await dataSource.deliver([.status(WorkoutSourceStatus(source: "ble:C4:7A:11:22:33:44", kind: .connected, date: clock.now,
                                                              detail: "connected to Power 1 (C4:7A:11:22:33:44), battery 72 %", battery: 72))],
                                 from: "ble:C4:7A:11:22:33:44")
        await dataSource.deliver([.status(WorkoutSourceStatus(source: "ble:E8:11:00:00:00:0A", kind: .stale, date: clock.now,
                                                              detail: "no notification for 3.1 s", battery: 15))],
                                 from: "ble:E8:11:00:00:00:0A")
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        #expect(snapshot.sensors.map(\.label) == ["power", "strap", "speed"])
        #expect(snapshot.sensors.map(\.battery) == [72, 15, nil])
        let screen = RecordDashboard.render(DashboardState(snapshot: snapshot, timeOfDay: "10:00:00"), width: 80, height: 24)
        #expect(screen.contains { $0.hasPrefix(" sensors power on 72%  strap silent 15%  speed waiting ") }, "\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.hasPrefix(" strap ") })
        let json = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
        #expect(json.contains(#""label":"strap""#) && json.contains(#""battery":15"#), "\(json)")
        session.end()
    }
}

/// The live training figures: fed one value a second of activity, they are the finished ride's figures of
/// the same seconds, and the dashboard warns when W′ balance runs low.
@Suite(.timeLimit(.minutes(10))) struct LiveTrainingFiguresTests {
    @Test func normalizedPowerTSSAndWPrimeFollowTheRideAndWarnWhenLow() async throws {
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil, power: (250, 250, 20_000))
        let watts: (Int) -> Double = { $0 <= 120 ? 200 : 400 }
        let (session, builder, dataSource, clock) = try await LiveSnapshotTests.ride(seconds: 240, snapshotter: snapshotter, lapAt: 120, watts: watts)
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)

        // Each second of activity takes the reading current at the snapshot that covers it: second k, the reading at k + 1.
        let seconds = (1...240).map(watts)
        let finished = RideMetrics(power: SecondSeries(values: seconds), heartRate: nil, thresholds: .init(functionalThresholdPower: 250))
        #expect(snapshot.normalizedPower == finished.normalizedPower)
        #expect(snapshot.trainingStressScore == finished.trainingStressScore)
        #expect(snapshot.lapNormalizedPower == NormalizedPower.of(Array(seconds[120...])))
        #expect(snapshot.power30s == 400 && snapshot.power10s == 400)
        let balance = WPrimeBalance.series(watts: seconds, criticalPower: 250, wPrime: 20_000).last
        #expect(snapshot.wPrimeBalance == balance)
        #expect(abs((snapshot.wPrimeBalance ?? 0) - (20_000 - 120 * 150)) < 1_000, "\(String(describing: snapshot.wPrimeBalance))")
        #expect(snapshot.wPrimeLow == true)

        let screen = RecordDashboard.render(DashboardState(snapshot: snapshot, timeOfDay: "10:00:00"), width: 100, height: 24)
        let line = try #require(screen.first { $0.hasPrefix(" W′ balance ") }, "\(screen.joined(separator: "\n"))")
        #expect(line.contains(String(format: "%.1f kJ", (balance ?? 0) / 1000)) && line.contains("LOW: ease off"), "\(line)")
        // As the README shows it.
        #expect(line.hasPrefix(" W′ balance 2.0 kJ  10% [#.........]  LOW: ease off"), "\(line)")
        let text = screen.joined(separator: "\n")
        #expect(text.contains(String(format: "%.0f W", finished.normalizedPower ?? 0)) && text.contains("TSS"), "\(text)")

        // The live page gets the same figures.
        let json = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
        #expect(json.contains(#""wPrimeLow":true"#), "\(json)")
        session.end()
    }

    @Test func secondsBeforeThePowerMeterIsHeardAreNotZeros() async throws {
        // A power meter reached through BlueZ is heard a few seconds into the ride: those seconds have no reading,
        // and a steady 200 W ride is a 200 W ride, live as at rest (`SecondSeries` starts at the first reading).
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil, power: (250, nil, nil))
        let (session, builder, dataSource, clock) = try await LiveSnapshotTests.ride(seconds: 180, snapshotter: snapshotter, powerFrom: 3, watts: { _ in 200 })
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        let normalized = try #require(snapshot.normalizedPower)
        #expect(abs(normalized - 200) < 1e-9, "\(normalized) W")
        // Seconds 3 to 179 of activity, each fed the reading that ends it.
        let finished = RideMetrics(power: SecondSeries(values: [Double](repeating: 200, count: 177), start: 3), heartRate: nil,
                                   thresholds: .init(functionalThresholdPower: 250))
        #expect(snapshot.trainingStressScore == finished.trainingStressScore)
        let saved = RideMetrics(power: SecondSeries(times: (3...180).map(Double.init), values: [Double](repeating: 200, count: 178)),
                                heartRate: nil, thresholds: .init(functionalThresholdPower: 250))
        #expect(saved.normalizedPower.map { abs($0 - normalized) < 1e-9 } == true, "saved \(String(describing: saved.normalizedPower)) W")
        session.end()
    }

    @Test func withoutThresholdsThereAreNoTrainingFigures() async throws {
        let snapshotter = LiveSnapshotter(activity: .cycling, gps: "gps", strap: nil, zones: nil)
        let (session, builder, dataSource, clock) = try await LiveSnapshotTests.ride(seconds: 40, snapshotter: snapshotter)
        let snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: clock.now)
        #expect(snapshot.normalizedPower == nil && snapshot.wPrimeBalance == nil && snapshot.wPrimeLow == nil)
        let screen = RecordDashboard.render(DashboardState(snapshot: snapshot, timeOfDay: "10:00:00"), width: 100, height: 24)
        #expect(!screen.contains { $0.hasPrefix(" W′ balance ") })
        session.end()
    }
}
