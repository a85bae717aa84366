import ArgumentParser
import Foundation
import OpenHealthKit
import CourseGuidance
import PlanGuidance
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog
import WorkoutSources
import SensorBridge
import TrainerControl
import TrainingMetrics
import GPSDReceiver
import BlueZSensors

/// `workout record`: a live workout from gpsd and a heart-rate strap, saved to the store.
struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a workout live from a GPS receiver (through gpsd) and a heart-rate strap.",
        discussion: """
            On a terminal a full-screen dashboard is redrawn each second; keys: p pause/resume, l lap, m marker, \
            q finish. With --plain (or without a terminal) it prints log lines instead, for headless use under \
            systemd. Ctrl-C or SIGTERM also finishes and saves the workout. Readings are written to the store as \
            they arrive; after a crash or power loss, `workout recover` finishes the workout from what was saved.

            When the receiver's time and the system clock disagree (a Raspberry Pi without a real-time clock, \
            a receiver's log replayed through gpsfake), the workout runs on the receiver's time, and it says so. \
            A recording to which no source delivered anything is not saved, and the exit status is 1, unless \
            --allow-empty is given. Warnings go to standard error.
            """
    )

    @Option(help: ArgumentHelp("The activity, by HealthKit's name: running, cycling, walking, hiking, …", valueName: "name"))
    var activity = ActivityArgument(.running)

    @Flag(help: "An indoor workout: no GPS unless --gpsd is given.")
    var indoor = false

    @Option(help: ArgumentHelp("gpsd's address (default localhost:2947 outdoors).", valueName: "host:port"))
    var gpsd: String?

    @Option(help: ArgumentHelp("A heart-rate strap bridge's serial device, with an optional baud rate: /dev/ttyUSB0@115200.", valueName: "device"))
    var hrm: String?

    @Option(help: ArgumentHelp("How the strap bridge frames notifications.", valueName: "framing"))
    var framing: StrapFraming = .hrm1

    @Option(name: .customLong("sensor"),
            help: ArgumentHelp("A sensor to record from, repeatable: a name from `workout sensors list`, ble:ADDRESS, ble:service=cycling-power, or hrm:DEVICE.",
                               valueName: "sensor"))
    var sensorNames: [String] = []

    @Option(help: ArgumentHelp("The wheel's circumference in millimetres, for a speed sensor's or power meter's wheel data (default: the profile's `wheel`, else 2105, 700×25c). "
                               + "Without GPS (--indoor), the wheel gives the distance too.", valueName: "mm"))
    var wheel: String?

    @Option(help: ArgumentHelp("Finish this long after the start, pauses included: 90s, 45m, 1h30m or 1:30:00.", valueName: "duration"))
    var duration: DurationArgument?

    @Option(help: ArgumentHelp("Seconds to wait for the receiver's first fix before starting, so the workout starts on the receiver's time (0: start at once).",
                               valueName: "seconds"))
    var fixWait: Double = 60

    @Option(help: ArgumentHelp("Follow this course (a GPX, TCX or FIT course, any activity file's track, or the name of a course kept with `course import`): the dashboard shows the distance along it, to go and the next cue, and says when the ride leaves it and comes back.",
                               valueName: "file"))
    var course: String?

    @Option(name: .customLong("workout"),
            help: ArgumentHelp("Ride this structured workout (a FIT workout file, a Zwift .zwo or the YAML plan form): the dashboard shows the step, its target, "
                               + "the value now and what is left, and says when the ride is out of the target for 5 s; each step is a lap, and the end says "
                               + "how well each was held. Targets in % of FTP or zones use the profile's figures, else the store's (`workout athlete set`).",
                               valueName: "file"))
    var plan: String?

    @Option(help: ArgumentHelp("Control this sensor as a smart trainer (Fitness Machine Service): ERG at a --workout's power targets, the road's grade when "
                               + "riding a --course indoors, a flat road otherwise; paused and stopped with the ride. A name from `workout sensors list`, "
                               + "ble:ADDRESS, or hrm:DEVICE for the trainer on a bridge. It is recorded as a sensor too.", valueName: "sensor"))
    var trainer: String?

    @Flag(help: "Pause the workout while standing still (from the receiver's Doppler speed) and resume on moving.")
    var autoPause = false

    @Flag(help: ArgumentHelp("Wait for the rider before starting: the workout starts when the receiver sees the rider move off (at the auto-pause "
                             + "speeds), or on s or space on the dashboard, or the live page's Start button (--serve); q, SIGINT or SIGTERM before "
                             + "then stop without a workout. What the record service does."))
    var waitForRider = false

    @Option(help: ArgumentHelp("Finish once the rider has stood still this long (the receiver's or a wheel's speed under the auto-pause speed, "
                               + "or the workout paused): 10m, 1h.", valueName: "duration"))
    var finishAfterStop: DurationArgument?

    @Flag(help: "Save the workout even if no source delivered anything.")
    var allowEmpty = false

    @Flag(help: "Print log lines instead of the dashboard.")
    var plain = false

    @Flag(help: "Mirror the session to `workout companion` on the same store (a phone to this watch): it sees the state and the figures each second, and can pause, resume or end.")
    var mirror = false

    @Option(help: ArgumentHelp("Serve the live page and the store's web app while recording: :8080 (loopback), or HOST:PORT with --token.",
                               valueName: "address"))
    var serve: ServeAddress?

    @Option(help: ArgumentHelp("The secret that --serve on an address other than loopback needs for every request.", valueName: "token"))
    var token: String?

    @Flag(name: .customLong("public"), help: "With --serve off loopback, let anyone who reaches it watch and read without the token (changes still need it).")
    var isPublic = false

    @Option(help: ArgumentHelp("A club server to send the workout to once it is saved (with --sync-token-file or WORKOUT_SYNC_TOKEN).", valueName: "url"))
    var syncTo: String?

    @Option(help: ArgumentHelp("A club server to send the live snapshot to every 2 s while recording (with --sync-token-file or WORKOUT_SYNC_TOKEN): "
                               + "followers open the address printed at the start. Snapshots wait while the network is away and go once it is back.",
                               valueName: "url"))
    var liveTo: String?

    @Option(help: ArgumentHelp("A file whose first line is the club's token for --sync-to.", valueName: "path"))
    var syncTokenFile: String?

    @Option(help: ArgumentHelp("Seconds --sync-to keeps trying while the server cannot be reached.", valueName: "seconds"))
    var syncRetryFor: Double = 120

    @Flag(help: "Print the saved workout's summary as JSON at the end.")
    var json = false

    @OptionGroup var profileOptions: ProfileOptions

    @OptionGroup var exportOptions: ExportOptions

    @OptionGroup var storeOptions: StoreOptions

    /// The options that reach the web: the live page, the club's live tracking and sync.
    var webOptions: RecordingWeb.Options {
        RecordingWeb.Options(serve: serve, token: token, isPublic: isPublic, syncTo: syncTo, liveTo: liveTo, syncTokenFile: syncTokenFile,
                             syncRetryFor: syncRetryFor, json: json)
    }

    func validate() throws {
        if indoor, gpsd == nil, hrm == nil, sensorNames.isEmpty, trainer == nil {
            throw ValidationError("Nothing to record from: give --sensor NAME, --trainer NAME, --hrm DEVICE (or --gpsd for an indoor receiver).")
        }
        if !(fixWait >= 0) { throw ValidationError("--fix-wait must be 0 seconds or more.") }
        try RecordingWeb.check(webOptions)
    }

    /// The source `--sensor NAME` stands for, on `clock`, with the recording's wheel settings unless its own say otherwise;
    /// with `trainer`, the sensor is controlled through it as a smart trainer.
    static func sensorSource(_ name: String, settings: SensorReadings.Settings, clock: any WorkoutClock,
                             trainer: TrainerLink? = nil) throws -> any WorkoutDataSource {
        do {
            let specification = try WorkoutSourceSpecification(parsing: try SensorArgument.specification(name))
            switch specification.scheme {
            case "ble": return try BluetoothSensorSource.source(for: specification, sensors: settings, clock: clock, trainer: trainer)
            case "hrm": return try HeartRateStrapSource.source(for: specification, sensors: settings, clock: clock, trainer: trainer)
            default: throw ValidationError("--sensor \(name) is \(specification), not a sensor: name a ble: or hrm: source")
            }
        } catch let error as WorkoutSourceError {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        // The course first: a file that cannot be read is told before anything connects.
        var navigation = try course.map { CourseNavigation(course: try CourseCommand.course($0, store: storeOptions)) }
        let workoutPlan = try plan.map(PlanCommand.read)
        let clock = ReceiverClock()
        var sources: [any WorkoutDataSource] = []
        var gps: GPSDSource?
        if !indoor || gpsd != nil {
            do { gps = try GPSDSource(address: gpsd ?? "localhost:2947", clock: clock, timeReference: clock) } catch { throw ValidationError(error.message) }
            sources.append(gps!)
        }
        var strapName: String?
        var sensorLabels: [(source: String, label: String)] = []
        let athlete = try profileOptions.load()
        // Without a receiver, the wheel gives the distance; with one, the positions do and the wheel gives speed.
        // The wheel's size: --wheel, else the athlete profile's, else 700×25c.
        var profileWheel = SensorReadings.Settings()
        if let circumference = athlete?.wheelCircumference { profileWheel.wheelCircumference = circumference }
        // A trainer in ERG gives speed from power for the rider's own mass.
        if let mass = athlete?.massKilograms { profileWheel.physics.riderMass = mass }
        let sensorSettings: SensorReadings.Settings
        do {
            sensorSettings = try HeartRateStrapSource.sensorSettings(wheel: wheel, distance: gps == nil ? "wheel" : "gps", over: profileWheel)
        } catch {
            throw ValidationError(error.message)
        }
        if let hrm {
            do {
                let strap = HeartRateStrapSource(try HeartRateStrapSource.configuration(device: hrm, framing: framing.rawValue), sensors: sensorSettings,
                                                 clock: clock)
                strapName = strap.name
                sensorLabels.append((strap.name, "strap"))
                sources.append(strap)
            } catch {
                throw ValidationError(error.message)
            }
        }
        // The trainer is one of the sensors, made with the link that controls it.
        var recordTrainer = trainer.map { _ in RecordTrainer(link: TrainerLink()) }
        for name in sensorNames + (trainer.map { sensorNames.contains($0) ? [] : [$0] } ?? []) {
            let source = try Self.sensorSource(name, settings: sensorSettings, clock: clock, trainer: name == trainer ? recordTrainer?.link : nil)
            strapName = strapName ?? source.name
            sensorLabels.append((source.name, name))
            sources.append(source)
        }
        let hasSensors = hrm != nil || !sensorNames.isEmpty || trainer != nil
        let store = storeOptions.open()
        var guide: WorkoutGuide?
        if let workoutPlan { guide = try WorkoutGuide(plan: workoutPlan, athlete: await Self.planAthlete(profile: athlete, store: store)) }
        let activityType = activity.type
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = activityType
        configuration.locationType = indoor ? .indoor : .outdoor
        let dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration, sources: sources)
        dataSource.athleteProfile = athlete
        if autoPause {
            dataSource.autoPause = .default(for: activityType)
            dataSource.autoPausesSession = true
        }
        if hasSensors { dataSource.enableCollection(for: HKQuantityType(.heartRateVariabilitySDNN), predicate: nil) }
        if hasSensors, gps == nil {
            // Indoors the data source derives no distance: a wheel, a running pod or a trainer on the bridge gives it.
            dataSource.enableCollection(for: HKQuantityType(HKWorkout.distanceType(for: activityType)), predicate: nil)
            if activityType == .cycling { dataSource.enableCollection(for: HKQuantityType(.cyclingSpeed), predicate: nil) }
            if activityType == .running {
                dataSource.enableCollection(for: HKQuantityType(.runningSpeed), predicate: nil)
                dataSource.enableCollection(for: HKQuantityType(.runningStrideLength), predicate: nil)
            }
        }
        var share: Set<HKSampleType> = Set(dataSource.typesToCollect.map { $0 as HKSampleType })
        share.formUnion([HKWorkoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat(), HKQuantityType(.heartRateVariabilitySDNN)])
        try await store.requestAuthorization(toShare: share, read: share)

        let snapshotter = LiveSnapshotter(activity: activityType, gps: gps?.name, strap: strapName, sensors: sensorLabels,
                                          zones: athlete.flatMap(HeartRateZoneChoice.init(profile:))?.zones,
                                          power: athlete.map { ($0.functionalThresholdPower, $0.criticalPower, $0.wPrime) })
        let display = RecordDisplay(plain: plain || isatty(STDOUT_FILENO) == 0, snapshotter: snapshotter, clock: clock)
        display.begin()
        // Start on the receiver's time: learn it before the session starts, so every date agrees with the fixes'.
        if let gps, fixWait > 0 {
            display.log("waiting up to \(formatNumber(fixWait)) s for a fix from \(gps.name)")
            if let time = await gps.firstFixTime(timeout: fixWait) {
                clock.follow(time)
            } else {
                display.warn("no fix from \(gps.name) in \(formatNumber(fixWait)) s: starting on the system clock")
            }
        }
        for step in clock.takeSteps() { display.warn(step.description) }

        let session = try HKWorkoutSession(healthStore: store, configuration: configuration, clock: clock)
        // Subscribed before anything starts, so that no status or change is missed, however brief.
        let updates = session.updates()
        let events = dataSource.events()
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = dataSource
        // The rider's commands, from the keys, the signals and the live page's buttons, in the order they came.
        let wakes = RecordWakes()
        let interrupt = await InterruptSignal { wakes.push(.finish) }
        let keyboard = display.plain ? nil : Keyboard(wakes)
        var web = try await RecordingWeb(webOptions, store: store, session: session, dataSource: dataSource, snapshotter: snapshotter, clock: clock,
                                         display: display, commands: wakes)
        // The live page draws the course under the track.
        if let navigation { await web.setCourse(navigation.course.points.map { ($0.latitude, $0.longitude) }) }
        builder.delegate = web.builderDelegate
        var started = clock.now
        if waitForRider {
            await web.publish(snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: started), dataSource: dataSource,
                              isStateChange: true, at: started)
            guard let moment = await riderStart(gps: gps, activity: activityType, wakes: wakes, clock: clock, display: display) else {
                interrupt.cancel()
                keyboard?.restore()
                display.end()
                builder.discardWorkout()
                _ = await web.saved(nil, finished: nil, store: store, builder: builder)
                print("stopped before the rider started: nothing recorded")
                return
            }
            started = moment
        }
        let start = started
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        display.log("recording \(activityType.name) to \(store.location); " + (display.plain ? "SIGINT or SIGTERM finishes" : "q finishes"))
        if mirror { await startMirroring(session, store: store, display: display) }
        // Standing still, for --finish-after-stop: since when the rider has not moved (or the workout was paused).
        var stillness = StillnessWatch(thresholds: AutoPauseDetector.Thresholds.default(for: activityType), since: start)
        var failuresShown = 0
        // Woken by what happens, in order, and once a second for the clock and the redraw: no polling.
        await withDiscardingTaskGroup { group in
            group.addTask { [link = recordTrainer?.link] in
                await wakes.forward(events: events, updates: updates, trainer: link, clock: clock, deadline: duration.map { start + $0.seconds })
            }
            defer { group.cancelAll() }
            recording: for await wake in wakes.stream {
                for step in clock.takeSteps() { display.warn(step.description) }
                let now = clock.now
                if let duration, now.timeIntervalSince(start) >= duration.seconds { break }
                switch wake {
                case .command(.finish):
                    break recording
                case .command(.start):
                    continue
                case .command(let command):
                    guard await perform(command, session: session, builder: builder, snapshotter: snapshotter, display: display, at: now) else { continue }
                    // The lap button ends the workout's step on, as on a head unit.
                    if case .lap = command { for message in guide?.lap() ?? [] { display.log(message) } }
                case .source(.status(let status)):
                    display.sourceChanged(status)
                    continue
                case .source(.failure(let failure)):
                    // The store's troubles and the sources' failures, as they happen.
                    failuresShown += 1
                    display.warn(failure.message)
                    continue
                case .session(.failed(let error)):
                    display.warn("session: \(error.localizedDescription)")
                    continue
                case .trainer(let message):
                    for line in recordTrainer?.take(message, at: now) ?? [] { display.log(line) }
                case .session(.stateChanged), .tick:
                    break
                case .session, .moved:
                    continue
                }
                if let event = navigation?.take(dataSource.latestLocation, count: dataSource.locationCount) { display.log(event) }
                var snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: now)
                if let finishAfterStop {
                    stillness.take(speed: snapshot.speed, paused: session.state != .running, at: now)
                    if stillness.stillFor(at: now) >= finishAfterStop.seconds {
                        display.log("stood still for \(clockText(stillness.stillFor(at: now))): finishing")
                        break recording
                    }
                }
                if let taken = guide?.take(snapshot) {
                    // A new step closes a lap, as the rider's lap key does.
                    if taken.newStep {
                        _ = await perform(.lap, session: session, builder: builder, snapshotter: snapshotter, display: display, at: now)
                        snapshot = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: now)
                    }
                    for message in taken.messages { display.log(message) }
                }
                // The trainer holds the step's power, else rides the course's road (indoors, where the ridden distance places the rider on it).
                let grade = indoor ? navigation?.course.grade(at: snapshot.distanceMeters) : nil
                for line in recordTrainer?.update(running: snapshot.state == .running, power: guide?.powerTarget, grade: grade, at: now) ?? [] {
                    display.log(line)
                }
                // The guidance's lines travel in the snapshot: the dashboard and the live page show the same words.
                // The snapshotter keeps them for the snapshots the builder's readings prompt until the next turn.
                snapshotter.guidance = [navigation?.line, navigation?.climbLine, guide?.line, recordTrainer?.driver.line].compactMap { $0 }
                snapshot.guidance = snapshotter.guidance
                display.update(session: session, snapshot: snapshot, redraw: true)
                await web.publish(snapshot, dataSource: dataSource, isStateChange: wake.isStateChange, at: now)
                if mirror, case .tick = wake { await sendMirrorSnapshot(snapshot, session: session) }
            }
        }
        interrupt.cancel()
        if let lines = recordTrainer?.finish(at: clock.now) {
            for line in lines { display.log(line) }
            // A moment for the source's thread to send the stop before the sources close.
            try? await Task.sleep(for: .milliseconds(300))
        }
        let end = clock.now
        if let lapStart = snapshotter.currentLapStart, lapStart > start {
            try? await builder.addWorkoutEvents([HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: lapStart, end: end), metadata: nil)])
        }
        session.end()
        await session.settle(at: .ended)
        try await builder.endCollection(at: end)
        keyboard?.restore()
        display.end()

        let delivered = dataSource.latestLocation != nil || !builder.allStatistics.isEmpty
        guard delivered || allowEmpty else {
            builder.discardWorkout()
            let names = sources.map { source in
                "\(source.name) (" + (dataSource.statuses[source.name].map { $0.detail.isEmpty ? $0.kind.rawValue : $0.detail } ?? "never answered") + ")"
            }
            throw RecordingsError("nothing was recorded from \(names.joined(separator: ", ")); the workout was not saved. "
                                  + "Check the device and try again, or give --allow-empty to save an empty workout.")
        }
        // The sensors heard, with their kind, name, address and last battery, kept with the workout for `show` and FIT's device_info.
        let sensors = sensorLabels.compactMap { sensor -> ActivitySensor? in
            guard let status = dataSource.statuses[sensor.source], let device = status.device else { return nil }
            return ActivitySensor(kind: ActivitySensor.Kind(services: device.services), name: device.name, identifier: device.identifier,
                                  battery: status.battery)
        }
        if !sensors.isEmpty { try? await builder.addMetadata([OpenHealthKitMetadataKeySensors: ActivitySensor.metadataValue(sensors)]) }
        let finished = try await builder.finishWorkout()
        await store.checkpoint()
        // Its training stress and best efforts, kept with it for the training-load chart and the records.
        var workout = finished
        if let saved = finished { workout = (try? await store.keepDerivedFigures(of: saved)) ?? saved }
        let clubURL = await web.saved(workout, finished: finished, store: store, builder: builder)
        guard let workout else { throw RecordingsError("The store did not save the workout.") }
        for failure in dataSource.failures.dropFirst(failuresShown) { warn(failure) }
        if json {
            try printJSON(WorkoutSummary(workout))
        } else {
            // Cadence and power as `show` gives them: the same computation from the saved workout.
            let detail = try? await WorkoutDetail(workout, in: store)
            for line in display.summary(of: workout, cadenceAndPower: detail.map(Show.cadenceAndPower) ?? []) { print(line) }
            for line in guide?.summary ?? [] { print(line) }
        }
        if let export = exportOptions.export {
            try await exportOptions.write(workout, from: store)
            if !json { print("exported to \(export)") }
        }
        if let clubURL, !json { print("on the club: \(clubURL)") }
        // The end, for the club's followers, with the workout's address on the club once it is there.
        let last = snapshotter.snapshot(session: session, builder: builder, dataSource: dataSource, at: end)
        if let acknowledged = await web.ended(last.ended(workoutID: finished?.uuid.uuidString, workoutURL: clubURL)), !json {
            print("live: \(acknowledged) snapshot(s) on the club")
        }
    }
}

extension Record {
    /// The athlete's figures for a plan's targets: the profile's, else the store's values in force now.
    static func planAthlete(profile: AthleteProfile?, store: HKHealthStore) async -> PlanAthlete {
        var athlete = profile.map(PlanAthlete.init(profile:)) ?? PlanAthlete()
        if athlete.functionalThresholdPower == nil || profile?.maximumHeartRate == nil, let history = try? await AthleteHistory(store: store) {
            let now = Date()
            athlete.functionalThresholdPower = athlete.functionalThresholdPower ?? history.value(.functionalThresholdPower, at: now)
            if profile?.maximumHeartRate == nil, let maximum = history.value(.maximumHeartRate, at: now) {
                athlete.maximumHeartRate = maximum
                athlete.heartRateZones = HeartRateZones(maximum: maximum)
            }
        }
        return athlete
    }
}
