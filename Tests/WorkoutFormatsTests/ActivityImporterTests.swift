import Foundation
import OpenHealthKit
import TestSupport
import Testing
import WorkoutFormats

@Suite(.timeLimit(.minutes(2))) struct ActivityImporterTests {
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

    @Test func aMultisportActivityWithHeartbeatsRoundTrips() async throws {
        let (store, url) = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let activity = FITActivityWriterTests.sampleActivity(sessions: [.cycling, .running])
        let workout = try await ActivityImporter(store: store).importActivity(activity, from: "brick.fit")
        #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.cycling, .running])
        let exported = try await Activity(workout: workout, in: store)
        #expect(exported.sessions.map(\.sport) == [.cycling, .running])
        #expect(exported.pauses == activity.pauses)
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
@Suite(.timeLimit(.minutes(3))) struct ActivityImporterRealFileTests {
    static let files = [
        "fitparse__garmin-edge-500-ride.fit", "fitparse__fenix2-run.fit", "fitparse__NEGATIVE-strava-android-truncated.fit",
        "gc__edge705-ride-hr-2009-09-19.tcx", "gc__urbanbiker-ride-hr-2019-04-18.gpx",
    ]

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
