import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats
import WorkoutLibrary

@Suite(.timeLimit(.minutes(10))) struct ActivityImporterTests {
    static func temporaryStore() -> (HKHealthStore, URL) {
        let url = Scratch.url("import", extension: "sqlite")
        return (HKHealthStore(location: .file(url.path)), url)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real FIT ride"))
    func aRealRideKeepsItsTotalsThroughImportAndExport() async throws {
        let (store, url) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let file = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit")
        let original = try ActivityFile.read(file)
        let workout = try await ActivityImporter(store: store).importActivity(original, from: file.path)
        let session = original.sessions[0]
        #expect(workout.workoutActivityType == .cycling)
        #expect(workout.startDate == session.start)
        let distance = try #require(workout.statistics(for: HKQuantityType(.distanceCycling))?.sumQuantity()?.doubleValue(for: .meter()))
        #expect(abs(distance - session.distance!) < 0.05)
        let energy = try #require(workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(for: .kilocalorie()))
        #expect(abs(energy - session.calories!) < 0.01)
        // The device's timer time, from its timer stops and starts.
        #expect(abs(workout.duration - session.timerTime) < 2)
        #expect(workout.metadata?[ActivityImporter.importedFileKey] as? String == "fitparse__garmin-edge-500-ride.fit")
        #expect((workout.workoutEvents ?? []).filter { $0.type == .lap }.count == 9)
        #expect(try await ActivityImporter(store: store).existingWorkout(for: original)?.uuid == workout.uuid)

        let exported = try await Activity(workout: workout, in: store)
        // Every record is kept, those inside pauses, at a repeated time and after the session's elapsed time too.
        #expect(exported.records.count == original.records.count)
        #expect(exported.records.map(\.date) == original.records.map(\.date))
        let back = FITActivityReader.read(FITActivityWriter.data(for: exported))
        #expect(back.problem == nil)
        let again = back.activity.sessions[0]
        #expect(abs(again.distance! - session.distance!) < 0.05)
        #expect(abs(again.timerTime - workout.duration) < 0.001)
        #expect(abs(again.calories! - session.calories!) < 0.5)
        #expect(back.activity.laps.count == 9)
    }

    /// A file's sensors are kept with the imported workout and leave with it again.
    @Test func theSensorsAFileNamesAreKeptAndExported() async throws {
        let (store, url) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url) }
        var activity = FITActivityWriterTests.sampleActivity()
        activity.sensors = [ActivitySensor(kind: .bikePower, name: "Stages", battery: 55, manufacturer: 69, product: 3, serialNumber: 123_456),
                            ActivitySensor(kind: .heartRate, name: "HRM-Dual")]
        let workout = try await ActivityImporter(store: store).importActivity(activity, from: "ride.fit")
        #expect(try await Activity(workout: workout, in: store).sensors == activity.sensors)
    }

    /// The training figures a device states in its session (NP, TSS, IF against its own FTP) are kept with the
    /// imported workout and shown beside ours: `show`'s figures and the report read them from one place.
    @Test func theDevicesTrainingFiguresAreKeptBesideOurs() async throws {
        let (store, url) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url) }
        var activity = FITActivityWriterTests.sampleActivity()
        let stated = ActivityTrainingFigures(normalizedPower: 195, trainingStressScore: 92.9, intensityFactor: 0.847, thresholdPower: 230, work: 650_000)
        activity.sessions[0].training = stated
        // Through the device's file, as a head unit writes it: the session's fields 34, 35, 36, 45 and 48.
        let read = FITActivityReader.read(FITActivityWriter.data(for: activity)).activity
        #expect(read.sessions[0].training == stated)
        let workout = try await ActivityImporter(store: store).importActivity(read, from: "ride.fit")
        #expect(workout.metadata?[OpenHealthKitMetadataKeyStatedTraining] as? String == "np=195.0 tss=92.9 if=0.847 ftp=230.0 work=650000.0")
        let figures = WorkoutFigures(activity: try await Activity(workout: workout, in: store))
        #expect(figures.statedTraining == stated)
        #expect(stated.text == "NP 195 W · IF 0.85 · TSS 92.9 · 650 kJ · FTP 230 W")
        // Ours are not the device's: a workout recorded here states none.
        #expect(WorkoutFigures(activity: FITActivityWriterTests.sampleActivity()).statedTraining == nil)
        #expect(ActivityTrainingFigures(metadataValue: "np=195 tss=x") == nil && ActivityTrainingFigures(metadataValue: "") == nil)
        #expect(ActivityTrainingFigures(metadataValue: stated.metadataValue) == stated)
    }

    @Test func aMultisportActivityWithHeartbeatsRoundTrips() async throws {
        let (store, url) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let activity = FITActivityWriterTests.sampleActivity(sessions: [.cycling, .running])
        let workout = try await ActivityImporter(store: store).importActivity(activity, from: "brick.fit")
        #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.cycling, .running])
        let exported = try await Activity(workout: workout, in: store)
        #expect(exported.sessions.map(\.sport) == [.cycling, .running])
        // The second between the two sessions, which neither covers, is a pause too.
        let gaps = zip(activity.sessions, activity.sessions.dropFirst()).map { DateInterval(start: $0.end, end: $1.start) }
        #expect(exported.pauses == (activity.pauses + gaps).sorted { $0.start < $1.start })
        #expect(exported.records.count == activity.records.count)
        // The interval across each pause is not a beat-to-beat interval (HealthKit marks the beat after a gap).
        #expect(exported.heartbeatIntervals.count == activity.heartbeatIntervals.count - activity.pauses.count)
        #expect(exported.heartbeatIntervals.allSatisfy { abs($0.seconds - 1.001) < 1e-6 || abs($0.seconds - 0.999) < 1e-6 })
        for (a, b) in zip(exported.sessions, activity.sessions) {
            #expect(abs(a.distance! - b.distance!) < 0.01)
            #expect(abs(a.calories! - b.calories!) < 0.01)
            #expect(abs(a.timerTime - b.timerTime) < 0.01)
        }
        #expect(zip(exported.records, activity.records).allSatisfy { $0.heartRate == $1.heartRate && $0.power == $1.power && $0.date == $1.date })
    }
}

/// Every real file in `../shared/data`, imported and exported again, record by record.
@Suite(.timeLimit(.minutes(10))) struct ActivityImporterRealFileTests {
    static let files = [
        "fitparse__garmin-edge-500-ride.fit", "fitparse__fenix2-run.fit", "fitparse__NEGATIVE-strava-android-truncated.fit",
        "gc__edge705-ride-hr-2009-09-19.tcx", "gc__urbanbiker-ride-hr-2019-04-18.gpx",
    ]

    /// `records` with consecutive records at one time whose fields do not overlap joined into one.
    static func joiningSplitRecords(_ records: [ActivityRecord]) -> [ActivityRecord] {
        var joined: [ActivityRecord] = []
        for record in records {
            if var last = joined.last, last.date == record.date, !(last.hasPosition && record.hasPosition),
               [last.heartRate, last.distance, last.speed, last.cadence, last.power].enumerated().allSatisfy({ index, value in
                   value == nil || [record.heartRate, record.distance, record.speed, record.cadence, record.power][index] == nil }) {
                if !last.hasPosition { (last.latitude, last.longitude) = (record.latitude, record.longitude) }
                last.heartRate = last.heartRate ?? record.heartRate
                last.distance = last.distance ?? record.distance
                last.speed = last.speed ?? record.speed
                last.cadence = last.cadence ?? record.cadence
                last.power = last.power ?? record.power
                last.altitude = last.altitude ?? record.altitude
                joined[joined.count - 1] = last
            } else {
                joined.append(record)
            }
        }
        return joined
    }

    /// The file's activity, as `workout import --salvage` reads it.
    static func read(_ name: String) throws -> Activity {
        do {
            return try ActivityFile.read(SharedData.file("activity-files/\(name)"))
        } catch {
            return try #require(error.readable, "\(name): \(error)")
        }
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real activity files"), arguments: files)
    func storedHeartRateIsTheFilesRecordByRecord(_ name: String) async throws {
        let activity = try Self.read(name)
        let store = HKHealthStore(location: .file(Scratch.url("hr", extension: "sqlite").path))
        let workout = try await ActivityImporter(store: store).importActivity(activity, from: name)
        let bpm = HKUnit(from: "count/min")
        let stored = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        let expected = activity.records.filter { ($0.heartRate ?? 0) > 0 }
        #expect(stored.count == expected.count)
        for (sample, record) in zip(stored, expected) {
            #expect(sample.startDate == record.date)
            #expect(abs(sample.quantity.doubleValue(for: bpm) - record.heartRate!) < 1e-9, "\(name) at \(record.date)")
        }
        guard !expected.isEmpty else { return }
        // The store's own statistics agree with the file's records.
        let statistics = try #require(workout.statistics(for: HKQuantityType(.heartRate)))
        #expect(abs(statistics.maximumQuantity()!.doubleValue(for: bpm) - expected.compactMap(\.heartRate).max()!) < 1e-9)
        #expect(abs(statistics.minimumQuantity()!.doubleValue(for: bpm) - expected.compactMap(\.heartRate).min()!) < 1e-9)

        // Exported again in each format and read back: the same heart rates in the same order, at the same
        // times (FIT keeps whole seconds, so there a record's time is its second). A GPX point needs a position.
        let exported = try await Activity(workout: workout, in: store)
        for format in ActivityFileFormat.allCases {
            let url = Scratch.url("hr-export", extension: format.rawValue)
            try ActivityFile.write(exported, as: format, to: url)
            let back = try ActivityFile.read(url).records.filter { $0.heartRate != nil }
            let expected = format == .gpx ? expected.filter(\.hasPosition) : expected
            #expect(back.count == expected.count, "\(name) → \(format): \(back.count) heart-rate records of \(expected.count)")
            let resolution: TimeInterval = format == .fit ? 1 : 0.001
            let differing = zip(back, expected).filter { again, record in
                abs(again.heartRate! - record.heartRate!) > 1e-9 || abs(again.date.timeIntervalSince(record.date)) >= resolution
            }.map(\.1.date)
            #expect(differing.count == 0, "\(name) → \(format): heart-rate records differ, first at \(differing.first.map { "\($0)" } ?? "")")
        }
    }

    /// Import, then export in each format and read again: every record (GPX: every one with a
    /// position), every lap and session (FIT, TCX), and the sessions' timer time and distance.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real activity files"), arguments: files)
    func everyRecordLapAndSessionComesBack(_ name: String) async throws {
        let activity = try Self.read(name)
        let store = HKHealthStore(location: .file(Scratch.url("round-trip", extension: "sqlite").path))
        let workout = try await ActivityImporter(store: store).importActivity(activity, from: name)
        let timer = activity.sessions.reduce(0) { $0 + $1.timerTime }
        #expect(abs(workout.duration - timer) < 1, "\(name): stored \(workout.duration) s, the file's timer \(timer) s")
        let exported = try await Activity(workout: workout, in: store)
        for format in ActivityFileFormat.allCases {
            let url = Scratch.url("round-trip", extension: format.rawValue)
            try ActivityFile.write(exported, as: format, to: url)
            let back = try ActivityFile.read(url)
            // A device that splits one moment across two records (Strava's app: the position in one, the
            // distance in the other) gets one record with both.
            let original = Self.joiningSplitRecords(format == .gpx ? activity.records.filter(\.hasPosition) : activity.records)
            #expect(back.records.count == original.count, "\(name) → \(format): \(back.records.count) records of \(original.count)")
            #expect(back.records.map(\.date.timeIntervalSince1970).map { $0.rounded(.down) } == original.map(\.date.timeIntervalSince1970).map { $0.rounded(.down) })
            guard format != .gpx else { continue }
            #expect(back.laps.count == activity.laps.count, "\(name) → \(format): \(back.laps.count) laps of \(activity.laps.count)")
            #expect(back.sessions.count == activity.sessions.count)
            for (again, session) in zip(back.sessions, activity.sessions) {
                // TCX has no session totals: a reader sums the laps.
                let laps = activity.laps.filter { $0.start >= session.start && $0.start < session.end }
                let timer = format == .tcx ? laps.reduce(0) { $0 + $1.timerTime } : session.timerTime
                #expect(abs(again.timerTime - timer) < 1, "\(name) → \(format): timer \(again.timerTime) s, the file's \(timer) s")
                #expect(abs((again.distance ?? 0) - (session.distance ?? 0)) < 1, "\(name) → \(format): \(again.distance ?? 0) m, the file's \(session.distance ?? 0) m")
            }
        }
    }

    /// Strava's app writes its summaries first: the cut file's session claims an hour and 11 km
    /// that its 472 readable records (5 minutes, 928 m) no longer back.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the truncated Strava file"))
    func aSalvagedFileKeepsOnlyWhatItsRecordsHold() async throws {
        let name = "fitparse__NEGATIVE-strava-android-truncated.fit"
        let activity = try Self.read(name)
        let records = activity.records
        let span = records.last!.date.timeIntervalSince(records.first!.date)
        let covered = records.compactMap(\.distance).last! - records.compactMap(\.distance).first!
        #expect(records.count == 472)
        #expect(span < 6 * 60)
        let session = try #require(activity.sessions.first)
        #expect(activity.sessions.count == 1)
        #expect(abs(session.elapsedTime - span) < 1)
        #expect(abs(session.distance! - covered) < 0.01)
        #expect(session.calories == nil, "the file's calories were for the whole hour")
        #expect(activity.laps.allSatisfy { $0.end <= records.last!.date })

        let store = HKHealthStore(location: .file(Scratch.url("salvage", extension: "sqlite").path))
        let workout = try await ActivityImporter(store: store).importActivity(activity, from: name)
        #expect(workout.duration <= span + 1)
        let distance = try #require(workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter()))
        #expect(abs(distance - covered) < 0.01)
        #expect(workout.endDate <= records.last!.date)
    }
}

/// Multisport files our own writer makes, as a triathlon watch records one: legs with transitions between
/// them, gaps between sessions, pauses, laps of their own in every leg, a record at a repeated time.
@Suite(.timeLimit(.minutes(10))) struct ActivityImporterMultisportTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// Swim 20 min (4 laps), transition 2 min, bike 60 min (6 laps, 2 auto-pauses), transition 1 min,
    /// run 30 min (5 laps); 3 s between sessions that no session covers.
    static func triathlon() -> Activity {
        var activity = Activity()
        let legs: [(ActivitySport, minutes: Int, laps: Int, speed: Double)] = [
            (.swimming, 20, 4, 0.8), (.transition, 2, 1, 1.5), (.cycling, 60, 6, 9), (.transition, 1, 1, 1.5), (.running, 30, 5, 3.3),
        ]
        var cursor = start
        var distance = 0.0
        activity.timerEvents.append(ActivityTimerEvent(.start, at: start))
        for (index, leg) in legs.enumerated() {
            let legStart = cursor
            let length = Double(leg.minutes * 60)
            let pauses = leg.0 == .cycling ? [DateInterval(start: legStart.addingTimeInterval(900), duration: 45),
                                             DateInterval(start: legStart.addingTimeInterval(2400), duration: 20)] : []
            for pause in pauses {
                activity.timerEvents.append(ActivityTimerEvent(.stop, at: pause.start, isAutomatic: true))
                activity.timerEvents.append(ActivityTimerEvent(.start, at: pause.end, isAutomatic: true))
            }
            var records: [ActivityRecord] = []
            for second in 0...Int(length) {
                let date = legStart.addingTimeInterval(Double(second))
                if pauses.contains(where: { $0.start < date && date < $0.end }) { continue }
                if second > 0 { distance += leg.speed }
                records.append(ActivityRecord(date: date, latitude: 45 + distance * 1e-5, longitude: 7 + Double(second % 50) * 1e-6,
                                              altitude: leg.0 == .swimming ? nil : 300 + Double(second % 40) / 2,
                                              heartRate: 120 + Double((second / 7) % 50), cadence: leg.0 == .cycling ? 85 : nil,
                                              power: leg.0 == .cycling ? 180 + Double(second % 60) : nil, speed: leg.speed, distance: distance))
            }
            // A watch writes a second record at the moment it changes leg.
            if index == 2 { records.insert(records[0], at: 1) }
            activity.records += records
            let interval = DateInterval(start: legStart, duration: length)
            let lapLength = length / Double(leg.laps)
            for lap in 0..<leg.laps {
                let lapInterval = DateInterval(start: legStart.addingTimeInterval(Double(lap) * lapLength), duration: lapLength)
                activity.laps.append(ActivitySummary(computedFrom: records, sport: leg.0, interval: lapInterval, pauses: pauses,
                                                     trigger: lap == leg.laps - 1 ? .sessionEnd : .distance))
            }
            var session = ActivitySummary(computedFrom: records, sport: leg.0, interval: interval, pauses: pauses, trigger: .sessionEnd)
            session.calories = Double(leg.minutes) * 10
            activity.sessions.append(session)
            cursor = interval.end.addingTimeInterval(3)
        }
        activity.timerEvents.append(ActivityTimerEvent(.stop, at: cursor.addingTimeInterval(-3)))
        return activity
    }

    /// FIT and TCX hold legs, laps and totals (GPX holds a track, and no legs).
    @Test(arguments: [ActivityFileFormat.fit, .tcx])
    func aTriathlonKeepsEveryRecordLapSessionAndTotal(_ format: ActivityFileFormat) async throws {
        let original = Self.triathlon()
        let url = Scratch.url("triathlon", extension: format.rawValue)
        try ActivityFile.write(original, as: format, to: url)
        let file = try ActivityFile.read(url)
        let store = HKHealthStore(location: .file(Scratch.url("triathlon", extension: "sqlite").path))
        let workout = try await ActivityImporter(store: store).importActivity(file, from: url.path)
        let timer = file.sessions.reduce(0) { $0 + $1.timerTime }
        #expect(abs(workout.duration - timer) < 1, "stored \(workout.duration) s, the file's timer \(timer) s")
        // TCX knows Running, Biking and Other: a swim comes back as Other.
        let swim: HKWorkoutActivityType = format == .tcx ? .other : .swimming
        #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [swim, .transition, .cycling, .transition, .running])

        let exported = try await Activity(workout: workout, in: store)
        let again = Scratch.url("triathlon-again", extension: format.rawValue)
        try ActivityFile.write(exported, as: format, to: again)
        let back = try ActivityFile.read(again)
        #expect(back.records.count == file.records.count, "\(format): \(back.records.count) records of \(file.records.count)")
        #expect(back.laps.count == file.laps.count, "\(format): \(back.laps.count) laps of \(file.laps.count)")
        #expect(back.sessions.map(\.sport) == file.sessions.map(\.sport))
        for (again, session) in zip(back.sessions, file.sessions) {
            #expect(abs(again.timerTime - session.timerTime) < 1, "\(session.sport.name): timer \(again.timerTime) s, the file's \(session.timerTime) s")
            #expect(abs((again.distance ?? 0) - (session.distance ?? 0)) < 1, "\(session.sport.name): \(again.distance ?? 0) m, the file's \(session.distance ?? 0) m")
        }
        let total = file.sessions.compactMap(\.distance).reduce(0, +)
        #expect(abs(back.sessions.compactMap(\.distance).reduce(0, +) - total) < 1)
        // Against Garmin's XSD, where ../shared/spec is there (TCXWriterTests checks it alone, and skips visibly without it).
        if format == .tcx, SharedData.isPresent {
            let lint = try ExternalTool.run("xmllint", ["--noout", "--schema", SharedData.spec("TrainingCenterDatabasev2.xsd").path, again.path])
            #expect(lint.status == 0, "\(lint.standardError)")
            #expect(try String(contentsOf: again, encoding: .utf8).contains("<MultiSportSession>"))
        }
    }
}
