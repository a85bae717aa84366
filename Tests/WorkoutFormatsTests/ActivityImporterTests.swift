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
        // A record is kept per time with a position or heart rate; none inside a pause or after the session's end.
        let kept = Set(original.records.filter { record in
            (record.hasPosition || record.heartRate != nil) && record.date <= session.end && !original.pauses.contains { $0.start < record.date && record.date < $0.end }
        }.map(\.date))
        #expect(exported.records.count == kept.count)
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
